/**
 * A review step (layout "review") lists the answers of the steps before it, as the shopper will
 * send them: hidden fields left out, choices by their labels, files by their names.
 */
import { isChecked, isEmpty, resolveValues } from '../../engine/forms/index.ts';
import type { CompiledField, CompiledForm, FormValues } from '../../engine/forms/index.ts';
import { geoLabels } from './fields/use-geo-options.ts';
import styles from './styles.ts';
import { UI_TEXTS } from './texts.ts';

export function displayValue(field: CompiledField, value: unknown): string {
  const label = (v: unknown) => {
    const option = field.def.options?.find((o) => String(o.value) === String(v));
    return option?.label ?? geoLabels.get(`${field.name}=${String(v)}`) ?? String(v);
  };
  switch (field.type) {
    case 'checkbox':
    case 'newsletter':
      return isChecked(value) ? UI_TEXTS.yes : UI_TEXTS.no;
    case 'file':
      return (value as { name: string }[]).map((file) => file.name).join(', ');
    default:
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
  }
}

export function Review({
  compiled,
  values,
  before,
  level,
}: {
  compiled: CompiledForm;
  values: FormValues;
  before: number;
  level: number;
}) {
  const clean = resolveValues(compiled, values).values;
  const Heading = `h${Math.min(level, 6)}` as 'h4';
  const sections = compiled.steps.slice(0, before).map((fields, i) => ({
    title: compiled.def.steps?.[i]?.title ?? `Step ${i + 1}`,
    rows: fields.filter(
      (f) =>
        f.type !== 'hidden' &&
        !isEmpty(clean[f.name]) &&
        !(f.type === 'file' && (clean[f.name] as unknown[]).length === 0),
    ),
  }));
  return (
    <div className={styles.review}>
      {sections.map((section, i) => (
        <section key={i} className={styles.reviewSection}>
          <Heading className={styles.reviewTitle}>{section.title}</Heading>
          <dl className={styles.reviewList}>
            {section.rows.map((field) => (
              <div key={field.name} className={styles.reviewRow}>
                <dt>{field.label}</dt>
                <dd>{displayValue(field, clean[field.name])}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
