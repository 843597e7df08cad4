import type { StepState } from './steps.ts';
import type { FormValues } from './types.ts';

/** The part of the Web Storage API progress needs, so tests can pass a Map-backed fake. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SavedProgress {
  state: StepState;
  values: FormValues;
}

interface StoredProgress extends SavedProgress {
  hash: string;
}

/** Saved under the form name, prefixed so it cannot collide with other keys. */
export function progressKey(formName: string): string {
  return `joinery-form:${formName}`;
}

/** File objects cannot be stored; a restored form asks for its files again. */
function storable(values: FormValues): FormValues {
  const isFile = (v: unknown) => typeof Blob !== 'undefined' && v instanceof Blob;
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => !isFile(v) && !(Array.isArray(v) && v.some(isFile))),
  );
}

/** Saving is best effort: a full or disabled storage must never break the form. */
export function saveProgress(
  storage: StorageLike,
  formName: string,
  hash: string,
  state: StepState,
  values: FormValues,
): void {
  const record: StoredProgress = { hash, state, values: storable(values) };
  try {
    storage.setItem(progressKey(formName), JSON.stringify(record));
  } catch {
    // Quota exceeded or storage disabled: the shopper just loses progress on reload.
  }
}

/** Progress saved for this definition, or undefined; progress from another definition (or unreadable) is removed. */
export function loadProgress(storage: StorageLike, formName: string, hash: string): SavedProgress | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(progressKey(formName));
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  const record = parse(raw);
  if (!record || record.hash !== hash) {
    clearProgress(storage, formName);
    return undefined;
  }
  return { state: record.state, values: record.values };
}

export function clearProgress(storage: StorageLike, formName: string): void {
  try {
    storage.removeItem(progressKey(formName));
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

function parse(raw: string): StoredProgress | undefined {
  try {
    const data = JSON.parse(raw) as Partial<StoredProgress> | null;
    const state = data?.state;
    const ok =
      typeof data?.hash === 'string' &&
      state !== undefined &&
      Number.isInteger(state.step) &&
      state.step >= 0 &&
      Array.isArray(state.completed) &&
      state.completed.every((n) => Number.isInteger(n)) &&
      (state.id === undefined || typeof state.id === 'string') &&
      data?.values !== null &&
      typeof data?.values === 'object';
    return ok ? (data as StoredProgress) : undefined;
  } catch {
    return undefined;
  }
}
