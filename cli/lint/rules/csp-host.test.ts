/**
 * csp-host against tests/fixtures/csp-host: scripts, frames and video files from hosts that
 * site.json integrations.hosts does not allow are errors at their file:line:column; the allowed
 * ones (an exact host, a *. subdomain, the site's own paths, YouTube's player) pass. http is
 * not allowed by an https source.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'pointer', 'message', 'fix'] });

describe('csp-host', () => {
  it('reports each external script, frame and media URL whose host no integration allows', () => {
    expect(findings('csp-host')).toEqual([
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'data/videos.json',
        line: 3,
        column: 42,
        pointer: '/videos/0/videoUrl',
        message:
          'video "http://eu.media.example.net/c.mp4" plays a file from http://eu.media.example.net, which no "media" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'load it over https (https://eu.media.example.net)',
      },
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'pages/about.json',
        line: 7,
        column: 73,
        pointer: '/blocks/3/props/src',
        message:
          'embed-script src "https://tracker.example.org/b.js" loads a script from https://tracker.example.org, which no "script" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'add "https://tracker.example.org" to a "script" list under site.json integrations.hosts',
      },
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'pages/about.json',
        line: 13,
        column: 56,
        pointer: '/blocks/4/props/videos/1/videoUrl',
        message:
          'video "https://media.example.net/b.mp4" plays a file from https://media.example.net, which no "media" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'add "https://media.example.net" to a "media" list under site.json integrations.hosts',
      },
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'pages/about.json',
        line: 18,
        column: 54,
        pointer: '/blocks/5/props/url',
        message:
          'scheduling-widget url "https://booking.example.org/call" opens a frame from https://booking.example.org, which no "frame" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'add "https://booking.example.org" to a "frame" list under site.json integrations.hosts',
      },
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'site.json',
        line: 8,
        column: 21,
        pointer: '/integrations/tagManagerId',
        message:
          'tagManagerId "GTM-FIX1" loads a script from https://www.googletagmanager.com, which no "script" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'add "https://www.googletagmanager.com" to a "script" list under site.json integrations.hosts',
      },
      {
        ruleId: 'csp-host',
        severity: 'error',
        file: 'site.json',
        line: 9,
        column: 28,
        pointer: '/integrations/schedulingWidgetUrl',
        message:
          'schedulingWidgetUrl "https://booking.example.org/widget.js" loads a script from https://booking.example.org, which no "script" list in site.json integrations.hosts allows (the Content-Security-Policy blocks it)',
        fix: 'add "https://booking.example.org" to a "script" list under site.json integrations.hosts',
      },
    ]);
  });

  it("passes the shop's content: /visualizer's partner script and the catalogue's video files are allowed", () => {
    expect(findings(DEFAULT_SITE_DIR).filter((f) => f.ruleId === 'csp-host')).toEqual([]);
  });
});
