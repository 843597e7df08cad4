import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledChanges, WATCHER_THROTTLE_MS } from './settled-changes.ts';

describe('settledChanges', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'joinery-settle-'));
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a second write the watcher dropped, once its window has passed', () => {
    const file = join(dir, 'page.json');
    writeFileSync(file, '{ "blocks": [ }');
    const onChange = vi.fn();
    const watch = settledChanges(onChange);
    watch.changed(file);
    expect(onChange).toHaveBeenCalledTimes(1);
    writeFileSync(file, '{ "blocks": [] }'); // within the window: no event for it
    vi.advanceTimersByTime(WATCHER_THROTTLE_MS + 10);
    expect(onChange).toHaveBeenCalledTimes(2);
    // Nothing more once settled.
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('reports nothing more for a change that was reported, a deleted file once', () => {
    const file = join(dir, 'page.json');
    writeFileSync(file, '{}');
    const onChange = vi.fn();
    const watch = settledChanges(onChange);
    watch.changed(file);
    vi.advanceTimersByTime(WATCHER_THROTTLE_MS + 10);
    expect(onChange).toHaveBeenCalledTimes(1);
    rmSync(file);
    watch.changed(file);
    vi.advanceTimersByTime(WATCHER_THROTTLE_MS + 10);
    expect(onChange).toHaveBeenCalledTimes(2);
    watch.close();
  });
});
