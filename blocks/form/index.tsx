/**
 * The form block: an island that starts when the form comes near the viewport, or is focused
 * or touched, so a page that merely shows the footer newsletter downloads no form code. The
 * interactive form (react-hook-form, zod, the form engine: about 30 kB gzip) is a chunk of its
 * own (form-view.tsx); this module waits for it before it is done, so the form is prerendered
 * whole and hydrates whole, with nothing to show in between.
 *
 * Before its code runs the prerendered form cannot send itself (a submit goes nowhere, see
 * form-view.tsx), and what the shopper typed meanwhile is kept (early-input.ts).
 */
import { defineBlock } from '../../engine/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import styles from './styles.ts';

const FormView = (await import('./form-view.tsx')).default;

function FormBlock(props: FormProps) {
  return (
    <div className={props.variant === 'band' ? styles.bandBlock : styles.pageBlock}>
      <FormView {...props} />
    </div>
  );
}

export default defineBlock({
  type: 'form',
  component: FormBlock,
  island: { start: 'visible', code: 'component' },
  description:
    'A form from site-config/forms (single or multi-step), validated like on the server and posted to /api/forms/{name}.',
});
