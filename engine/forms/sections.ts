import type { CompiledForm } from './types.ts';

/**
 * An estimator-style form: a single-step form whose top-level groups are
 * shown one at a time, as accordion sections or in a popup dialog. Next validates the fields of
 * every section up to the current one; the whole form is still sent in one post.
 */
export interface FormSection {
  /** The group's name. */
  name: string;
  title: string;
  layout: 'accordion' | 'popup';
  /** The value fields inside the group (nested groups flattened), in document order. */
  fields: string[];
}

/** The sections of a form: its top-level accordion and popup groups (none for other forms). */
export function sectionsOf(compiled: CompiledForm): FormSection[] {
  if (compiled.multiStep) return [];
  const sections: FormSection[] = [];
  for (const def of compiled.def.fields ?? []) {
    if (def.type !== 'group' || (def.layout !== 'accordion' && def.layout !== 'popup')) continue;
    sections.push({
      name: def.name,
      title: def.label ?? def.name,
      layout: def.layout,
      fields: compiled.fields.filter((f) => f.groups[0] === def.name).map((f) => f.name),
    });
  }
  return sections;
}

/** The fields Next checks on section `index`: those of every section up to and including it. */
export function fieldsUpTo(sections: FormSection[], index: number): string[] {
  return sections.slice(0, index + 1).flatMap((s) => s.fields);
}

/** The index of the first section (in order) holding one of these fields, or -1. */
export function firstSectionWith(sections: FormSection[], names: Iterable<string>): number {
  const wanted = new Set(names);
  return sections.findIndex((s) => s.fields.some((f) => wanted.has(f)));
}
