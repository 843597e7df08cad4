/**
 * The reCAPTCHA checkbox, on forms whose definition asks for it when the site has a site key
 * (site.json integrations.recaptchaSiteKey). Google's script loads only on such forms, once per
 * page. The token travels as the `recaptchaToken` value the compiled schema requires.
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import styles from './styles.ts';

interface Grecaptcha {
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __joineryRecaptchaLoaded?: () => void;
  }
}

const SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__joineryRecaptchaLoaded';
let loading: Promise<Grecaptcha> | undefined;

function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__joineryRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('reCAPTCHA failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface RecaptchaHandle {
  reset(): void;
}

export function Recaptcha({
  siteKey,
  onToken,
  errorId,
  error,
  focusRef,
  handle,
}: {
  siteKey: string;
  onToken: (token: string) => void;
  errorId: string;
  error?: string;
  /** Where "focus the first error" lands when the token is missing. */
  focusRef: Ref<HTMLDivElement>;
  handle: Ref<RecaptchaHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number }>(undefined);
  const token = useRef(onToken);
  token.current = onToken;

  useImperativeHandle(handle, () => ({
    reset() {
      if (widget.current) widget.current.api.reset(widget.current.id);
      token.current('');
    },
  }));

  useEffect(() => {
    let live = true;
    loadRecaptcha()
      .then((api) => {
        if (!live || !box.current || widget.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          callback: (t: string) => token.current(t),
          'expired-callback': () => token.current(''),
          'error-callback': () => token.current(''),
        });
        widget.current = { api, id };
      })
      .catch(() => {
        // Without the widget the token stays empty and the form says what is missing.
      });
    return () => {
      live = false;
    };
  }, [siteKey]);

  return (
    <div className={styles.recaptcha} ref={focusRef} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
      <div ref={box} />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
