/**
 * An estimator's pricing file matches its form: every priced field and option
 * exists in the form (a renamed option would silently cost nothing), every option of a priced
 * (`useInCalculation`) field has a price, and no range has min above max.
 */
import { forEachForm, type FormEntry } from '../form-fields.ts';
import { defineRule } from '../rule.ts';
import { isObj, list, str } from '../values.ts';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The option values a field can price: a checkbox prices "true". */
function optionValues(entry: FormEntry): string[] {
  if (entry.type === 'checkbox' || entry.type === 'newsletter') return ['true'];
  return list(entry.def.options).flatMap((o) => (isObj(o) && o.value !== undefined ? [String(o.value)] : []));
}

export default defineRule({
  meta: {
    code: 'pricing',
    name: 'Estimator pricing mismatch',
    severity: 'error',
    docs: {
      description:
        "An estimator's pricing file prices only fields and options its form has, and every option of a useInCalculation field.",
      url: 'docs/rules/pricing.md',
    },
  },
  inputs: ['forms', 'data'],
  check(ctx) {
    forEachForm(ctx, ({ rel, value, entries }) => {
      const name = str(value.pricing);
      if (name === undefined) return;
      const dataRel = `data/${name}.json`;
      const form = `form "${str(value.name) ?? rel}"`;
      if (!ctx.site.files.has(dataRel)) {
        ctx.report({
          file: rel,
          pointer: '/pricing',
          message: `pricing "${name}": file ${dataRel} does not exist`,
          fix: `create ${dataRel} (schemas/estimator-pricing.schema.json)`,
        });
        return;
      }
      const data = ctx.value(dataRel);
      if (!isObj(data) || !isObj(data.fields)) return; // a syntax or schema error, reported by those rules
      const prices = data.fields;
      const fields = new Map(entries.filter((e) => e.type !== 'group').map((e) => [e.name, e]));

      for (const [fieldName, table] of Object.entries(prices)) {
        const pointer = `/fields/${esc(fieldName)}`;
        const entry = fields.get(fieldName);
        if (!entry) {
          ctx.report({
            file: dataRel,
            pointer,
            atKey: true,
            message: `prices field "${fieldName}", which ${form} does not have`,
          });
          continue;
        }
        if (entry.def.useInCalculation !== true)
          ctx.report({
            file: dataRel,
            pointer,
            atKey: true,
            message: `prices field "${fieldName}", which has no "useInCalculation": true in ${form}, so its prices never count`,
          });
        if (!isObj(table)) continue;
        const known = new Set(optionValues(entry));
        for (const [option, price] of Object.entries(table)) {
          const at = `${pointer}/${esc(option)}`;
          if (!known.has(option)) {
            ctx.report({
              file: dataRel,
              pointer: at,
              atKey: true,
              message: `prices option "${option}" of field "${fieldName}", which has no such option`,
            });
            continue;
          }
          for (const part of ['price', 'labor'] as const) {
            const range = isObj(price) ? price[part] : undefined;
            if (isObj(range) && typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max)
              ctx.report({
                file: dataRel,
                pointer: `${at}/${part}`,
                message: `${part} of option "${option}" of field "${fieldName}": min ${range.min} is greater than max ${range.max}`,
              });
          }
        }
      }

      for (const entry of fields.values()) {
        if (entry.def.useInCalculation !== true) continue;
        const table = prices[entry.name];
        if (!isObj(table)) {
          ctx.report({
            file: rel,
            pointer: `${entry.pointer}/useInCalculation`,
            message: `field "${entry.name}" is used in the calculation but ${dataRel} has no prices for it`,
            fix: `add "${entry.name}" to ${dataRel}`,
          });
          continue;
        }
        const options = list(entry.def.options);
        optionValues(entry).forEach((option, i) => {
          if (Object.hasOwn(table, option)) return;
          const pointer = options.length ? `${entry.pointer}/options/${i}` : `${entry.pointer}/useInCalculation`;
          ctx.report({
            file: rel,
            pointer,
            message: `option "${option}" of field "${entry.name}" has no price in ${dataRel}`,
            fix: `add "${option}" under "${entry.name}" in ${dataRel}`,
          });
        });
      }
    });
  },
});
