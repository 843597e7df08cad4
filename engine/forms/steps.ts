/**
 * Multi-step progress as a pure reducer, for React's useReducer and for tests.
 * Field validation and touched marks belong to react-hook-form; this only decides which step shows.
 */
export interface StepState {
  step: number;
  /** Steps the server has accepted, in the order they were accepted. */
  completed: number[];
  /** The submission id the server gave on the first accepted step; later steps send it back. */
  id?: string;
}

export type StepAction =
  /**
   * Next was pressed. `ok` is false when the step did not validate, or when the post succeeded
   * without an id (nothing to chain later steps to): the form stays. With ok and an id the step
   * is recorded and the form advances, unless it is on the last step.
   */
  | { type: 'next-validated'; ok: boolean; responseId?: string }
  /** Back: previous step, and the current step is no longer completed. */
  | { type: 'back' }
  /** A server error or an unsuccessful response: start over (the caller also clears saved progress). */
  | { type: 'server-error' }
  /** The form was reset, or sent and its success message has gone. */
  | { type: 'reset' };

export const initialStepState: StepState = { step: 0, completed: [] };

export function createStepReducer(stepCount: number): (state: StepState, action: StepAction) => StepState {
  const last = Math.max(0, stepCount - 1);
  return (state, action) => {
    switch (action.type) {
      case 'next-validated': {
        if (!action.ok || !action.responseId) return state;
        const completed = state.completed.includes(state.step) ? state.completed : [...state.completed, state.step];
        return { step: Math.min(state.step + 1, last), completed, id: action.responseId };
      }
      case 'back':
        if (state.step === 0) return state;
        return { ...state, step: state.step - 1, completed: state.completed.filter((s) => s !== state.step) };
      case 'server-error':
      case 'reset':
        return initialStepState;
    }
  };
}

/** True once the last step has been accepted: the form block shows its success message. */
export function isFinished(state: StepState, stepCount: number): boolean {
  return state.completed.includes(stepCount - 1);
}
