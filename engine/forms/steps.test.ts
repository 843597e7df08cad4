import { describe, expect, it } from 'vitest';
import { createStepReducer, initialStepState, isFinished, type StepState } from './steps.ts';

const reduce = createStepReducer(3);

describe('multi-step reducer', () => {
  it('starts at step 0 with nothing completed', () => {
    expect(initialStepState).toEqual({ step: 0, completed: [] });
  });

  it('stays on the step when validation fails, or when the response has no id', () => {
    expect(reduce(initialStepState, { type: 'next-validated', ok: false })).toBe(initialStepState);
    expect(reduce(initialStepState, { type: 'next-validated', ok: true })).toBe(initialStepState);
  });

  it('records the step, keeps the id and advances when the response carries an id', () => {
    const s1 = reduce(initialStepState, { type: 'next-validated', ok: true, responseId: 'sub-1' });
    expect(s1).toEqual({ step: 1, completed: [0], id: 'sub-1' });
    const s2 = reduce(s1, { type: 'next-validated', ok: true, responseId: 'sub-1' });
    expect(s2).toEqual({ step: 2, completed: [0, 1], id: 'sub-1' });
  });

  it('does not advance past the last step, and is finished once the last step is accepted', () => {
    const last: StepState = { step: 2, completed: [0, 1], id: 'sub-1' };
    expect(isFinished(last, 3)).toBe(false);
    const done = reduce(last, { type: 'next-validated', ok: true, responseId: 'sub-1' });
    expect(done).toEqual({ step: 2, completed: [0, 1, 2], id: 'sub-1' });
    expect(isFinished(done, 3)).toBe(true);
  });

  it('Back goes to the previous step and removes the completion of the current one', () => {
    const s: StepState = { step: 2, completed: [0, 1, 2], id: 'sub-1' };
    expect(reduce(s, { type: 'back' })).toEqual({ step: 1, completed: [0, 1], id: 'sub-1' });
    expect(reduce(initialStepState, { type: 'back' })).toBe(initialStepState);
  });

  it('a server error or a reset starts over at step 0 without the id', () => {
    const s: StepState = { step: 2, completed: [0, 1], id: 'sub-1' };
    expect(reduce(s, { type: 'server-error' })).toEqual({ step: 0, completed: [] });
    expect(reduce(s, { type: 'reset' })).toEqual({ step: 0, completed: [] });
  });

  it('re-posting an already completed step does not record it twice', () => {
    const back = reduce({ step: 2, completed: [0, 1], id: 'a' }, { type: 'back' });
    expect(reduce(back, { type: 'next-validated', ok: true, responseId: 'a' })).toEqual({
      step: 2,
      completed: [0, 1],
      id: 'a',
    });
  });
});
