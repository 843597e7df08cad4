/**
 * The form block's light entry. The interactive form (react-hook-form, zod, the form engine:
 * about 30 kB gzip) is a chunk of its own, so a page pays for it only when a form is used:
 *
 * - On the server the form code is loaded before rendering, so every form is prerendered whole.
 * - In the browser the form sits in a Suspense boundary. While its code is not there, React
 *   keeps the prerendered HTML as it is (selective hydration) and hydrates it once the code has
 *   loaded. `load: "eager"` starts loading at once; `load: "visible"` (the footer newsletter)
 *   waits until the form comes near the viewport or is focused or touched, so a page that
 *   merely shows the footer does not download the form code.
 * - A submit before the code has run is held back (it would otherwise be a native GET with the
 *   values in the URL) and starts the loading; what was typed meanwhile is kept (early-input.ts).
 */
import { Suspense, use, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { defineBlock } from '../../engine/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import { readEarlyInput, type EarlyInput } from './early-input.ts';
import type { FormViewProps } from './form-view.tsx';
import styles from './styles.ts';

let FormView: ComponentType<FormViewProps> | undefined;
let loading: Promise<ComponentType<FormViewProps>> | undefined;

export function loadFormView(): Promise<ComponentType<FormViewProps>> {
  return (loading ??= import('./form-view.tsx').then((m) => (FormView = m.default)));
}

// The prerender (and tests) run without a window: render the whole form from the start.
if (typeof window === 'undefined') await loadFormView();

interface Gate {
  open(): void;
  ready: Promise<ComponentType<FormViewProps>>;
}

/** Opens when the code is wanted; resolves once it has loaded and the typed values are read. */
function createGate(beforeHydration: () => void): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    ready: opened.then(loadFormView).then((View) => {
      beforeHydration();
      return View;
    }),
  };
}

function Deferred({ gate, props }: { gate: Gate | null; props: FormViewProps }) {
  const View = FormView ?? use(gate!.ready);
  return <View {...props} />;
}

function FormBlock(props: FormProps) {
  const { form, definition, definitionHash, pricing, title, intro, headingLevel, showHeading, variant, load = 'eager', endpoint } = props;
  const wrapper = useRef<HTMLDivElement>(null);
  const [early] = useState<EarlyInput>({});
  const [gate] = useState(() =>
    FormView
      ? null
      : createGate(() => {
          early.values = readEarlyInput(wrapper.current);
        }),
  );
  const eager = load !== 'visible';
  if (gate && eager && typeof window !== 'undefined') gate.open();

  useEffect(() => {
    const el = wrapper.current;
    if (!gate || !el) return;
    const open = () => gate.open();
    const holdSubmit = (e: Event) => {
      if (!(e.target as Element).hasAttribute('data-ready')) e.preventDefault();
      open();
    };
    el.addEventListener('submit', holdSubmit);
    el.addEventListener('focusin', open);
    el.addEventListener('pointerdown', open);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') open();
    else {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), { rootMargin: '400px 0px' });
      observer.observe(el);
    }
    return () => {
      el.removeEventListener('submit', holdSubmit);
      el.removeEventListener('focusin', open);
      el.removeEventListener('pointerdown', open);
      observer?.disconnect();
    };
  }, [gate]);

  // The same element on every render: a boundary that is still waiting for its code must not
  // receive an update, or React gives up the prerendered HTML and renders the fallback instead.
  const content = useMemo(
    () => (
      <Suspense fallback={<div className={styles.placeholder} />}>
        <Deferred gate={gate} props={{ form, definition, definitionHash, pricing, title, intro, headingLevel, showHeading, variant, load, endpoint, early }} />
      </Suspense>
    ),
    [gate, early, form, definition, definitionHash, pricing, title, intro, headingLevel, showHeading, variant, load, endpoint],
  );
  return (
    <div ref={wrapper} className={variant === 'band' ? styles.bandBlock : styles.pageBlock}>
      {content}
    </div>
  );
}

export default defineBlock({
  type: 'form',
  component: FormBlock,
  description: 'A form from site-config/forms (single or multi-step), validated like on the server and posted to /api/forms/{name}.',
});
