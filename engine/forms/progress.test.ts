import { describe, expect, it } from 'vitest';
import { clearProgress, loadProgress, progressKey, saveProgress, type StorageLike } from './progress.ts';

function mapStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const state = { step: 1, completed: [0], id: 'sub-1' };

describe('saved progress', () => {
  it('is saved under the form name and restored for the same definition', () => {
    const storage = mapStorage();
    saveProgress(storage, 'free-kitchen-design', 'hash-a', state, { projectType: 'remodel' });
    expect([...storage.map.keys()]).toEqual([progressKey('free-kitchen-design')]);
    expect(progressKey('free-kitchen-design')).toContain('free-kitchen-design');
    expect(loadProgress(storage, 'free-kitchen-design', 'hash-a')).toEqual({
      state,
      values: { projectType: 'remodel' },
    });
  });

  it('is dropped (and removed) when the definition hash changed', () => {
    const storage = mapStorage();
    saveProgress(storage, 'f', 'old-hash', state, { a: '1' });
    expect(loadProgress(storage, 'f', 'new-hash')).toBeUndefined();
    expect(storage.map.size).toBe(0);
  });

  it('is dropped when unreadable, and cleared on reset', () => {
    const storage = mapStorage();
    storage.setItem(progressKey('f'), '{not json');
    expect(loadProgress(storage, 'f', 'h')).toBeUndefined();
    storage.setItem(progressKey('f'), JSON.stringify({ hash: 'h', state: { step: -1, completed: [] }, values: {} }));
    expect(loadProgress(storage, 'f', 'h')).toBeUndefined();
    saveProgress(storage, 'f', 'h', state, {});
    clearProgress(storage, 'f');
    expect(loadProgress(storage, 'f', 'h')).toBeUndefined();
  });

  it('leaves files out, and never throws when storage fails', () => {
    const storage = mapStorage();
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    saveProgress(storage, 'f', 'h', state, { name: 'Ada', photos: [photo] });
    expect(loadProgress(storage, 'f', 'h')?.values).toEqual({ name: 'Ada' });
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveProgress(broken, 'f', 'h', state, {})).not.toThrow();
    expect(loadProgress(broken, 'f', 'h')).toBeUndefined();
    expect(() => clearProgress(broken, 'f')).not.toThrow();
  });
});
