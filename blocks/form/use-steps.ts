/**
 * The step on screen and the steps done, with a ref that callbacks outliving a render read (the
 * resolver, saving progress), and one zod resolver per step so Next validates only that step.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useReducer, useRef, type RefObject } from 'react';
import type { Resolver } from 'react-hook-form';
import { createStepReducer, initialStepState, schemaFor } from '../../engine/forms/index.ts';
import type { CompiledForm, FormValues, StepAction, StepState } from '../../engine/forms/index.ts';

export type StepMove = StepAction | { type: 'restore'; state: StepState };

export function useSteps(stepCount: number) {
  const reducer = useMemo(() => {
    const next = createStepReducer(stepCount);
    return (state: StepState, action: StepMove): StepState =>
      action.type === 'restore' ? action.state : next(state, action);
  }, [stepCount]);
  const [steps, dispatch] = useReducer(reducer, initialStepState);
  const stepsRef = useRef(steps);
  stepsRef.current = steps;
  /** Dispatches, and updates the ref at once (a callback may read it before the next render). */
  const move = useCallback(
    (action: StepMove) => {
      stepsRef.current = reducer(stepsRef.current, action);
      dispatch(action);
    },
    [reducer],
  );
  return { steps, stepsRef, move };
}

/** One resolver per step, chosen by the step on screen when react-hook-form validates. */
export function useStepResolver(
  compiled: CompiledForm,
  recaptcha: boolean,
  stepsRef: RefObject<StepState>,
): Resolver<FormValues> {
  return useMemo(() => {
    const perStep = compiled.steps.map(
      (_, i) =>
        zodResolver(
          schemaFor(compiled, { step: compiled.multiStep ? i : undefined, recaptcha }) as never,
        ) as unknown as Resolver<FormValues>,
    );
    const resolve: Resolver<FormValues> = (values, context, options) =>
      perStep[stepsRef.current.step]!(values, context, options);
    return resolve;
  }, [compiled, recaptcha, stepsRef]);
}
