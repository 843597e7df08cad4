/**
 * What a shopper typed into the prerendered form before its code ran. The form's first render
 * in the browser keeps the server HTML as it is, but its controlled inputs then show the form's
 * initial values; the form view reads these as it starts and puts them back once mounted.
 */
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const SKIPPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

/** The values of the prerendered form of this name not yet live (`data-ready`), by field name; undefined on the server or when there is none. */
export function typedBeforeStart(name: string): Record<string, unknown> | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = [...document.querySelectorAll<HTMLFormElement>('form[data-form]')].find(
    (f) => f.getAttribute('data-form') === name && !f.hasAttribute('data-ready'),
  );
  return form ? readEarlyInput(form) : undefined;
}

function readEarlyInput(form: HTMLFormElement): Record<string, unknown> {
  const byName = new Map<string, Control[]>();
  for (const el of Array.from(form.elements) as Control[]) {
    if (!el.name || (el instanceof HTMLInputElement && SKIPPED.has(el.type))) continue;
    byName.set(el.name, [...(byName.get(el.name) ?? []), el]);
  }
  const values: Record<string, unknown> = {};
  for (const [name, els] of byName) {
    const first = els[0]!;
    if (first instanceof HTMLInputElement && first.type === 'checkbox') {
      const inputs = els as HTMLInputElement[];
      values[name] = inputs.length > 1 ? inputs.filter((i) => i.checked).map((i) => i.value) : inputs[0]!.checked;
    } else if (first instanceof HTMLInputElement && first.type === 'radio') {
      values[name] = (els as HTMLInputElement[]).find((i) => i.checked)?.value ?? '';
    } else if (first instanceof HTMLSelectElement && first.multiple) {
      values[name] = Array.from(first.selectedOptions, (o) => o.value);
    } else {
      values[name] = first.value;
    }
  }
  return values;
}
