import { useEffect, useState } from 'react';
import { defineBlock, loadScript, sectionStyles } from '../../engine/index.ts';
import type { EmbedScriptProps } from '../../schemas/types/blocks/embed-script.ts';
import styles from './embed-script.module.css';

/**
 * An embedded third-party widget: its script loads after hydration and renders into the
 * container (by `containerId`); `Loading...` shows until the script has loaded, and the
 * fallback text if it cannot load. The container keeps `minHeight` from the first paint.
 */
function EmbedScript({ title, src, attributes, containerId, minHeight, fallback }: EmbedScriptProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the script loads once per src, with the attributes it came with
  useEffect(() => {
    let live = true;
    loadScript(src, attributes ?? {}).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return (
    <section className={sectionStyles.section} aria-label={title} aria-busy={state === 'loading'}>
      <div id={containerId} className={styles.container} style={{ minHeight }}>
        {state === 'loading' && (
          <p className={styles.status} role="status">
            Loading...
          </p>
        )}
        {state === 'failed' && fallback && (
          <p className={styles.status} role="alert">
            {fallback}
          </p>
        )}
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'embed-script',
  component: EmbedScript,
  island: { start: 'visible', code: 'component' },
  description: 'Embedded third-party script widget showing Loading... until it loads.',
});
