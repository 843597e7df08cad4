/**
 * A multi-step form's progress in localStorage: restored after hydration (the server has no
 * storage), saved on every step change and every answer, cleared when the form is done.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearProgress, initialStepState, isFinished, loadProgress, saveProgress } from '../../engine/forms/index.ts';
import type { CompiledForm, FormValues, StepState, StorageLike } from '../../engine/forms/index.ts';
import type { StepMove } from './use-steps.ts';

/** localStorage when the browser lets us use it; saving progress is best effort. */
function storage(): StorageLike | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function useSavedProgress(options: {
  compiled: CompiledForm;
  steps: StepState;
  stepsRef: RefObject<StepState>;
  move: (action: StepMove) => void;
  form: UseFormReturn<FormValues>;
  defaults: FormValues;
}) {
  const { compiled, steps, stepsRef, move, defaults } = options;
  const { getValues, reset } = options.form;
  const stepCount = compiled.steps.length;
  const store = compiled.multiStep ? storage() : undefined;

  const save = useCallback(() => {
    // A finished form has nothing left to restore (its progress was cleared on success).
    if (store && !isFinished(stepsRef.current, stepCount))
      saveProgress(store, compiled.name, compiled.hash, stepsRef.current, getValues());
  }, [store, compiled, getValues, stepCount, stepsRef]);
  const clear = useCallback(() => {
    if (store) clearProgress(store, compiled.name);
  }, [store, compiled]);

  // Restore progress saved by an earlier visit, once per form definition.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a restore later would overwrite what the visitor typed since
  useEffect(() => {
    if (!store) return;
    const saved = loadProgress(store, compiled.name, compiled.hash);
    if (!saved || saved.state.step >= stepCount || isFinished(saved.state, stepCount)) return;
    move({ type: 'restore', state: saved.state });
    reset({ ...defaults, ...saved.values });
  }, [compiled]);

  useEffect(() => {
    if (steps !== initialStepState) save();
  }, [steps, save]);

  return { save, clear };
}
