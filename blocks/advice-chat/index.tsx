import { Img, defineBlock, sectionStyles } from '../../engine/index.ts';
import type { AdviceChatProps } from '../../schemas/types/blocks/advice-chat.ts';
import styles from './advice-chat.module.css';

/** The message the chat button shows: live chat is not built yet. */
export const CHAT_UNAVAILABLE = 'This is Under Development!';

/** Expert advice: an advisor, an online-status badge and a chat button. */
function AdviceChat({ title, text, advisor, status, buttonLabel, hours }: AdviceChatProps) {
  const online = status === 'online';
  return (
    <section className={sectionStyles.section}>
      <div className={styles.card}>
        {advisor && (
          <div className={styles.advisor}>
            {advisor.photo && (
              <span className={styles.photoWrap}>
                <Img image={advisor.photo} className={styles.photo} />
              </span>
            )}
            <div>
              <p className={styles.name}>{advisor.name}</p>
              {advisor.role && <p className={styles.role}>{advisor.role}</p>}
            </div>
          </div>
        )}
        <div className={styles.body}>
          <p className={`${styles.badge} ${online ? styles.online : styles.offline}`}>
            <span className={styles.dot} aria-hidden="true" />
            {online ? 'Online' : 'Offline'}
          </p>
          <h2 className={styles.title}>{title}</h2>
          {text && <p className={styles.text}>{text}</p>}
          {hours && <p className={styles.hours}>{hours}</p>}
          <button type="button" className={styles.button} onClick={() => window.alert(CHAT_UNAVAILABLE)}>
            {buttonLabel}
          </button>
        </div>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'advice-chat',
  component: AdviceChat,
  island: { start: 'interaction', code: 'component' },
  description: 'Expert advice with an online-status badge and a chat button.',
});
