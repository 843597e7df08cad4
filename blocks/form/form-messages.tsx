/**
 * The form's live regions, in the page from the start: the success message (focusable, so a
 * finished form can move the focus to it) and the error message.
 */
import type { RefObject } from 'react';
import { ESTIMATE_TEXTS } from '../../engine/forms/index.ts';
import type { FormFile } from '../../engine/forms/index.ts';
import styles from './styles.ts';
import { successTexts } from './texts.ts';

export type Notice = { kind: 'success' } | { kind: 'error'; text: string };

export function FormMessages({
  def,
  notice,
  estimator,
  successRef,
}: {
  def: FormFile;
  notice: Notice | null;
  /** An estimator says only its own success line. */
  estimator: boolean;
  successRef: RefObject<HTMLDivElement | null>;
}) {
  const success = successTexts(def);
  return (
    <div className={styles.messages}>
      <div
        role="status"
        ref={successRef}
        tabIndex={-1}
        className={notice?.kind === 'success' ? styles.success : undefined}
      >
        {notice?.kind === 'success' &&
          (estimator ? (
            <p className={styles.successTitle}>{def.messages?.success ?? ESTIMATE_TEXTS.sent}</p>
          ) : (
            <>
              <p className={styles.successTitle}>{success.title}</p>
              <p className={styles.successText}>{success.text}</p>
            </>
          ))}
      </div>
      <div role="alert" className={notice?.kind === 'error' ? styles.failure : undefined}>
        {notice?.kind === 'error' && <p className={styles.failureText}>{notice.text}</p>}
      </div>
    </div>
  );
}
