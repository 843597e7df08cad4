/**
 * What a shopper typed into the prerendered form before its code ran. React keeps the server
 * HTML until the form code has loaded, but then renders its controlled inputs with the form's
 * initial values; the form view puts these back (index.tsx reads them just before hydrating).
 */
export interface EarlyInput {
  values?: Record<string, unknown>;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const SKIPPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

export function readEarlyInput(root: HTMLElement | null): Record<string, unknown> | undefined {
  const form = root?.querySelector('form');
  if (!form) return undefined;
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
