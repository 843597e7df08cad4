import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, settledChanges } from './settled-changes.ts';

describe('settledChanges', () => {
  let file = '';
  const onChange = vi.fn();
  let watch: ReturnType<typeof settledChanges>;
  beforeEach(() => {
    file = join(mkdtempSync(join(tmpdir(), 'joinery-settle-')), 'page.json');
    writeFileSync(file, '{ "blocks": [ }');
    onChange.mockClear();
    vi.useFakeTimers();
    watch = settledChanges(onChange);
  });
  afterEach(() => {
    watch.close();
    vi.useRealTimers();
    rmSync(join(file, '..'), { recursive: true, force: true });
  });

  it('reports a second write the watcher dropped, once its window has passed', () => {
    watch.changed(file);
    expect(onChange).toHaveBeenCalledTimes(1);
    writeFileSync(file, '{ "blocks": [] }'); // within the window: no event for it
    vi.advanceTimersByTime(SETTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
    // Nothing more once settled.
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('reports nothing more for a change that was reported, a deleted file once', () => {
    watch.changed(file);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    rmSync(file);
    watch.changed(file);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
