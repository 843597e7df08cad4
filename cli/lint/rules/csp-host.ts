/**
 * Every external script, frame and media file that content loads comes from a host that
 * site.json integrations.hosts allows for that use: the server's Content-Security-Policy is
 * built from those lists, so anything else is blocked in the visitor's browser. Checked: the
 * embed-script src, the scheduling widget's script (its scriptUrl, else site.json's
 * schedulingWidgetUrl) and booking page (a frame), every video (a YouTube player frame, or a
 * video file) in every content file, and the tag manager's script (site.json tagManagerId).
 */
import {
  integrationHosts,
  sourceAllows,
  sourcesFor,
  type HostKind,
} from '../../../engine/content/integration-hosts.ts';
import { tagManagerUrl } from '../../../engine/tracking/tag-manager.ts';
import { videoKind, youtubeEmbedUrl, youtubeId } from '../../../engine/ui/youtube.ts';
import type { JsonFile } from '../../../engine/lint.ts';
import type { LintContext } from '../context.ts';
import { fileMemo } from '../file-memo.ts';
import { defineRule } from '../rule.ts';
import { isObj, str, type Obj } from '../values.ts';
import { forEachObjectIn } from '../walk.ts';

interface Load {
  /** What the content calls it, for the message: 'embed-script src', 'video'. */
  what: string;
  url: string;
  /** The URL the browser actually loads, when it is not `url` (the YouTube player, the tag manager's script). */
  loads?: string;
  kind: HostKind;
  file: string;
  pointer: string;
}

/** The external loads one object of content makes. */
function loadsOf(o: Obj, file: string, pointer: string, defaultWidget: () => void): Load[] {
  const out: Load[] = [];
  const props = isObj(o.props) ? o.props : undefined;
  if (o.type === 'embed-script' && props) {
    const src = str(props.src);
    if (src) out.push({ what: 'embed-script src', url: src, kind: 'script', file, pointer: `${pointer}/props/src` });
  }
  if (o.type === 'scheduling-widget' && props) {
    const script = str(props.scriptUrl);
    if (script)
      out.push({
        what: 'scheduling-widget scriptUrl',
        url: script,
        kind: 'script',
        file,
        pointer: `${pointer}/props/scriptUrl`,
      });
    else defaultWidget();
    const url = str(props.url);
    if (url) out.push({ what: 'scheduling-widget url', url, kind: 'frame', file, pointer: `${pointer}/props/url` });
  }
  const videoUrl = str(o.videoUrl);
  if (videoUrl) {
    // Catalogues say "video" for a file, blocks say "file"; without a type the URL decides.
    const declared =
      o.videoType === 'youtube' ? 'youtube' : o.videoType === 'file' || o.videoType === 'video' ? 'file' : undefined;
    const id = youtubeId(videoUrl);
    const kind = videoKind({ title: '', videoUrl, ...(declared && { videoType: declared }) });
    if (kind === 'youtube' && id)
      out.push({
        what: 'YouTube video',
        url: videoUrl,
        loads: youtubeEmbedUrl(id),
        kind: 'frame',
        file,
        pointer: `${pointer}/videoUrl`,
      });
    else if (kind === 'file')
      out.push({ what: 'video', url: videoUrl, kind: 'media', file, pointer: `${pointer}/videoUrl` });
  }
  return out;
}

const VERB: Record<HostKind, string> = {
  script: 'loads a script from',
  style: 'loads a style sheet from',
  img: 'loads an image from',
  font: 'loads a font from',
  connect: 'connects to',
  frame: 'opens a frame from',
  media: 'plays a file from',
};

/** The absolute http(s) URL a content URL loads, or undefined for the site's own paths (`origin`: an origin, as policyOf's). */
function externalUrl(url: string, origin: string): URL | undefined {
  let u: URL;
  try {
    u = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  return u.origin === origin ? undefined : u;
}

interface Policy {
  site: Obj;
  origin: string;
  hosts: ReturnType<typeof integrationHosts>;
}

/** site.json's origin and allowed hosts; undefined without a site.json object. */
const policyOf = (ctx: LintContext): Policy | undefined =>
  ctx.memo('csp-host', () => {
    const site = ctx.value<Obj>('site.json');
    if (!isObj(site)) return undefined;
    let origin = 'https://site.invalid';
    try {
      origin = new URL(str(site.origin) ?? origin).origin;
    } catch {
      // schema reports a bad origin; any absolute URL then counts as external
    }
    return { site, origin, hosts: integrationHosts(site) };
  });

/** The external loads of one content file, and whether it uses the default scheduling widget. */
const loadsIn = (file: JsonFile) =>
  fileMemo(file, 'csp-host', () => {
    const loads: Load[] = [];
    let usesDefaultWidget = false;
    if (file.value !== undefined)
      forEachObjectIn(file, (o, pointer) => {
        // Only these objects load anything (loadsOf): the others' pointers are not built.
        if (o.type !== 'embed-script' && o.type !== 'scheduling-widget' && typeof o.videoUrl !== 'string') return;
        loads.push(...loadsOf(o, file.rel, pointer(), () => (usesDefaultWidget = true)));
      });
    return { loads, usesDefaultWidget };
  });

function reportLoads(ctx: LintContext, { origin, hosts }: Policy, loads: Load[]) {
  for (const load of loads) {
    const url = externalUrl(load.loads ?? load.url, origin);
    if (!url || sourcesFor(hosts, load.kind).some((s) => sourceAllows(s, url))) continue;
    ctx.report({
      file: load.file,
      pointer: load.pointer,
      message: `${load.what} "${load.url}" ${VERB[load.kind]} ${url.origin}, which no "${load.kind}" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)`,
      // Host lists hold https origins only: plain http is fixed in the content, not there.
      fix:
        url.protocol === 'http:'
          ? `load it over https (https://${url.host})`
          : `add "${url.origin}" to a "${load.kind}" list under site.json integrations.hosts`,
    });
  }
}

export default defineRule({
  meta: {
    code: 'csp-host',
    name: 'Host not allowed by the Content-Security-Policy',
    severity: 'error',
    docs: {
      description:
        'External scripts, frames and media files come from hosts that site.json integrations.hosts allows (the Content-Security-Policy blocks others).',
      url: 'docs/rules/csp-host.md',
    },
  },
  // Whether any block uses the default scheduling widget.
  inputs: ['all'],
  check(ctx: LintContext) {
    const policy = policyOf(ctx);
    if (!policy) return;
    const loads: Load[] = [];
    const integrations = isObj(policy.site.integrations) ? policy.site.integrations : {};
    const widget = str(integrations.schedulingWidgetUrl);
    if (widget && [...ctx.site.files.values()].some((f) => f.rel !== 'site.json' && loadsIn(f).usesDefaultWidget))
      loads.push({
        what: 'schedulingWidgetUrl',
        url: widget,
        kind: 'script',
        file: 'site.json',
        pointer: '/integrations/schedulingWidgetUrl',
      });
    // The cookie banner loads the tag manager's script (after consent) on every page.
    const tagManager = str(integrations.tagManagerId);
    if (tagManager)
      loads.push({
        what: 'tagManagerId',
        url: tagManager,
        loads: tagManagerUrl(tagManager),
        kind: 'script',
        file: 'site.json',
        pointer: '/integrations/tagManagerId',
      });
    reportLoads(ctx, policy, loads);
  },
  fileInputs: ['site'],
  checkFile(ctx, file) {
    if (file.rel === 'site.json') return;
    const policy = policyOf(ctx);
    if (policy) reportLoads(ctx, policy, loadsIn(file).loads);
  },
});
