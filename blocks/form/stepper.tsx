/** A multi-step form's progress: every step by name, the current one and those completed marked. */
import type { FormFile, StepState } from '../../engine/forms/index.ts';
import styles from './styles.ts';

type Step = NonNullable<FormFile['steps']>[number];
import { UI_TEXTS } from './texts.ts';

export function Stepper({ steps, state }: { steps: readonly Step[]; state: StepState }) {
  return (
    <ol className={styles.stepper} aria-label={UI_TEXTS.progress}>
      {steps.map((s, i) => (
        <li
          key={i}
          className={[
            styles.stepItem,
            i === state.step && styles.stepCurrent,
            state.completed.includes(i) && styles.stepDone,
          ]
            .filter(Boolean)
            .join(' ')}
          aria-current={i === state.step ? 'step' : undefined}
        >
          <span className={styles.stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          <span className={styles.stepName}>{s.title ?? `Step ${i + 1}`}</span>
          {state.completed.includes(i) && <span className="jv-sr-only"> {UI_TEXTS.completed}</span>}
        </li>
      ))}
    </ol>
  );
}
