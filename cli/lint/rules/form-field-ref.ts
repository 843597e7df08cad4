/**
 * hideWhen and dependsOn name fields of the same form, and never go round in a circle: a field
 * hidden by a field it hides (directly, through dependsOn or through its group) would flicker
 * between shown and hidden, and the engine gives up on it.
 */
import { describeEntry, formOf, type FormEntry } from '../form-fields.ts';
import { defineRule } from '../rule.ts';
import { isObj, str } from '../values.ts';

interface Ref {
  from: FormEntry;
  to: string;
  /** Where the name is written. */
  pointer: string;
  kind: 'hideWhen' | 'dependsOn';
}

function refsOf(entry: FormEntry): Ref[] {
  const out: Ref[] = [];
  const hidden = isObj(entry.def.hideWhen) ? str(entry.def.hideWhen.field) : undefined;
  if (hidden !== undefined)
    out.push({ from: entry, to: hidden, pointer: `${entry.pointer}/hideWhen/field`, kind: 'hideWhen' });
  const parent = str(entry.def.dependsOn);
  if (parent !== undefined)
    out.push({ from: entry, to: parent, pointer: `${entry.pointer}/dependsOn`, kind: 'dependsOn' });
  return out;
}

export default defineRule({
  meta: {
    code: 'form-field-ref',
    name: 'Bad form field reference',
    severity: 'error',
    docs: {
      description: 'hideWhen and dependsOn name an existing field of the same form and form no cycle.',
      url: 'docs/rules/form-field-ref.md',
    },
  },
  checkFile(ctx, file) {
    formOf(file, ({ rel, entries }) => {
      const byName = new Map<string, FormEntry>();
      for (const e of entries) if (!byName.has(e.name)) byName.set(e.name, e);

      // Edges: each reference, and from a field to its groups (a group's hideWhen hides its fields).
      const edges = new Map<FormEntry, { to: FormEntry; ref?: Ref }[]>(entries.map((e) => [e, []]));
      for (const entry of entries) {
        for (const ref of refsOf(entry)) {
          const target = byName.get(ref.to);
          if (!target) {
            const at = { file: rel, pointer: ref.pointer };
            const fields = entries.filter((e) => e !== entry && e.type !== 'group').map((e) => e.name);
            const { suffix, ...suggested } = ctx.suggest(ref.to, fields, at);
            ctx.report({
              ...at,
              message: `${describeEntry(entry)}: ${ref.kind} names "${ref.to}", which is not a field of this form${suffix}`,
              ...suggested,
            });
          } else if (target.type === 'group') {
            ctx.report({
              file: rel,
              pointer: ref.pointer,
              message: `${describeEntry(entry)}: ${ref.kind} names group "${ref.to}", which has no value of its own`,
            });
          } else {
            edges.get(entry)!.push({ to: target, ref });
          }
        }
        const parent = entry.groups[entry.groups.length - 1];
        if (parent) edges.get(entry)!.push({ to: parent });
      }

      // Depth-first search; a reference back into the current path closes a cycle.
      const done = new Set<FormEntry>();
      const reported = new Set<string>();
      const path: { entry: FormEntry; ref?: Ref }[] = [];
      const visit = (entry: FormEntry) => {
        const at = path.findIndex((p) => p.entry === entry);
        if (at >= 0) {
          const cycle = path.slice(at);
          const key = cycle
            .map((p) => p.entry.pointer)
            .sort()
            .join('|');
          const first = cycle.find((p) => p.ref)?.ref;
          if (reported.has(key) || !first) return;
          reported.add(key);
          const names = [...cycle.map((p) => describeEntry(p.entry)), describeEntry(entry)].join(' -> ');
          ctx.report({ file: rel, pointer: first.pointer, message: `hideWhen and dependsOn form a cycle: ${names}` });
          return;
        }
        if (done.has(entry)) return;
        for (const edge of edges.get(entry)!) {
          path.push({ entry, ref: edge.ref });
          visit(edge.to);
          path.pop();
        }
        done.add(entry);
      };
      for (const entry of entries) visit(entry);
    });
  },
});
