/**
 * The step on screen and the steps done, with a ref that callbacks outliving a render read (the
 * resolver, saving progress), and one zod resolver per step so Next validates only that step.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import type { Resolver } from 'react-hook-form';
import { whenIdle } from '../../engine/index.ts';
import {
  createStepReducer,
  initialStepState,
  type CompiledForm,
  type FormValues,
  type StepAction,
  type StepState,
} from '../../engine/forms/index.ts';

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

const loadStepResolver = () => import('./step-resolver.ts');

/**
 * One resolver per step, chosen by the step on screen when react-hook-form validates. Each is
 * built on first use from a module fetched at the first idle moment after the form is live
 * (a validation before then waits for it).
 */
export function useStepResolver(
  compiled: CompiledForm,
  recaptcha: boolean,
  stepsRef: RefObject<StepState>,
): Resolver<FormValues> {
  useEffect(() => {
    whenIdle().then(loadStepResolver);
  }, []);
  return useMemo(() => {
    const perStep: Resolver<FormValues>[] = [];
    const resolve: Resolver<FormValues> = async (values, context, options) => {
      const i = stepsRef.current.step;
      if (!perStep[i]) {
        const { stepResolver } = await loadStepResolver();
        perStep[i] = stepResolver(compiled, compiled.multiStep ? i : undefined, recaptcha);
      }
      return perStep[i](values, context, options);
    };
    return resolve;
  }, [compiled, recaptcha, stepsRef]);
}
