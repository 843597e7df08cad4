/**
 * The W3C Nu Html Checker (vnu-jar, on Java) over every prerendered page of the build and the
 * HTML of every e-mail the shop sends, in one JVM. Fails on any error or warning whose message
 * matches no entry of allow.json (each entry: the message pattern and why it is allowed).
 *
 * node --import tsx tests/html-validity/check.ts [BUILD_DIR] [SITE_DIR]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { shopEmails } from './emails.ts';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

interface Allowed {
  message: string;
  reason: string;
}

const [buildDir = 'dist/site', siteDir = 'site-config'] = process.argv.slice(2);
const allow = (JSON.parse(readFileSync(new URL('allow.json', import.meta.url), 'utf8')) as Allowed[]).map((a) => ({
  ...a,
  pattern: new RegExp(a.message),
}));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f))
    .sort();
}

const pages = htmlFiles(resolve(buildDir));
if (pages.length === 0) {
  console.error(`html validity: no .html under ${buildDir} (run joinery build first)`);
  process.exit(2);
}
const mailDir = mkdtempSync(join(tmpdir(), 'joinery-mail-html-'));
const mails = shopEmails(siteDir).map((m) => {
  const file = join(mailDir, `${m.name}.html`);
  writeFileSync(file, m.html);
  return file;
});

/** vnu-jar's main export is the path of vnu.jar. */
const jar = String(createRequire(import.meta.url)('vnu-jar'));
const run = spawnSync('java', ['-jar', jar, '--format', 'json', '--exit-zero-always', ...pages, ...mails], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
rmSync(mailDir, { recursive: true, force: true });
if (run.error || run.status !== 0) {
  console.error(`html validity: java -jar vnu.jar failed: ${run.error?.message ?? run.stderr}`);
  console.error('Java 17+ is needed (apt-get install -y default-jre-headless)');
  process.exit(2);
}

const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
const where = (m: VnuMessage) => {
  const path = m.url ? decodeURIComponent(new URL(m.url).pathname) : '?';
  const shown = path.startsWith(mailDir) ? `e-mail ${relative(mailDir, path)}` : relative(process.cwd(), path);
  return `${shown}:${m.lastLine ?? 0}:${m.firstColumn ?? 0}`;
};
let errors = 0;
let warnings = 0;
let allowed = 0;
for (const m of messages) {
  const isError = m.type !== 'info';
  if (!isError && m.subType !== 'warning') continue;
  if (isError) errors++;
  else warnings++;
  if (allow.some((a) => a.pattern.test(m.message))) {
    allowed++;
    continue;
  }
  console.error(`${where(m)}: ${isError ? 'error' : 'warning'}: ${m.message}`);
  if (m.extract) console.error(`    ${m.extract.replace(/\s+/g, ' ').trim()}`);
}
const failing = errors + warnings - allowed;
console.log(
  `html validity: ${pages.length} pages and ${mails.length} e-mails checked, ${errors} errors, ${warnings} warnings; ` +
    `${allowed} allowed by tests/html-validity/allow.json, ${failing} failing`,
);
process.exit(failing === 0 ? 0 : 1);
