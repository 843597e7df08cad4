/**
 * A block's props as a form made from its schema, with react-jsonschema-form: labels as labels.ts
 * words them, descriptions as help, defaults as placeholders, enums as selects, objects as
 * fieldsets, arrays with add, remove and move. A star marks a value the block needs: a required
 * prop of the props, of an array's item, or of an object that is set or needed itself (not the
 * required parts of an optional object left out). A `$data`/`$query` reference is shown read-only
 * with its resolved value; link fields offer the site's routes and image fields its images. The
 * form validates nothing itself: the findings come from the linter (extraErrors).
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, UiSchema, WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createContext, useContext, useMemo } from 'react';
import { ImageWidget } from './image-field.tsx';
import { labelOf, singularOf } from './labels.ts';
import { type ErrorTree, getAt, isRef, pruneUndefined, type ResolvedRefs, type Schema } from './model.ts';
import { PickerWidget } from './picker.tsx';

const LONG_TEXT = /^(text|description|intro|bio|answer|body|content|caption|summary|note)$/;
const LINK = /(url|href|link)$/i;

function deref(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 8 && typeof s.$ref === 'string' && s.$ref.startsWith('#'); i++)
    s = {
      ...(getAt(root, s.$ref.slice(1)) as Schema),
      ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')),
    };
  return s;
}

/** The form's layout hints, read from the schema: labels, placeholders, text areas, pickers. */
function uiSchemaFor(schema: Schema, root: Schema, name: string, label: string, depth = 0): UiSchema {
  const s = deref(schema, root);
  const ui: UiSchema = { 'ui:title': label };
  if (depth > 8) return ui;
  const props = s.properties as Record<string, Schema> | undefined;
  if (props)
    for (const [k, sub] of Object.entries(props)) ui[k] = uiSchemaFor(sub, root, k, labelOf(k, sub.title), depth + 1);
  if (s.items && typeof s.items === 'object')
    ui.items = uiSchemaFor(s.items as Schema, root, name, singularOf(label), depth + 1);
  if (s.default !== undefined && (typeof s.default !== 'object' || s.default === null))
    ui['ui:placeholder'] = String(s.default);
  if (s.type === 'string' && !s.enum && !s.format) {
    if (name === 'src' || /image$/i.test(name)) ui['ui:widget'] = 'image';
    else if (LINK.test(name)) ui['ui:widget'] = 'route';
    else if (LONG_TEXT.test(name) || (typeof s.maxLength === 'number' && s.maxLength > 160))
      ui['ui:widget'] = 'textarea';
  }
  return ui;
}

const RouteWidget = (props: WidgetProps) => <PickerWidget {...props} list="jv-routes" />;

/** Whether the value a field sits in is there or must be: its required props are then needed. */
const Holds = createContext(true);

/**
 * Every field: its star (see above), an array item's number in its label, and a field holding a
 * reference shown as the reference and what it resolves to, read-only.
 */
function RefAwareSchemaField(props: FieldProps) {
  const Default = getDefaultRegistry().fields.SchemaField;
  const parentHolds = useContext(Holds);
  const last = props.fieldPathId.path.at(-1);
  const item = typeof last === 'number';
  const required = !item && Boolean(props.required) && parentHolds;
  const title = props.uiSchema?.['ui:title'] as string | undefined;
  const label = item && title ? `${title} ${last + 1}` : (title ?? props.name);
  if (!isRef(props.formData))
    return (
      <Holds.Provider value={item || required || props.formData !== undefined}>
        <Default {...props} required={required} uiSchema={{ ...props.uiSchema, 'ui:title': label }} />
      </Holds.Provider>
    );
  const refs = (props.registry.formContext as { refs: ResolvedRefs }).refs;
  const resolved = refs[JSON.stringify(props.formData)];
  return (
    <fieldset className="jv-ref-field">
      <legend>{label} (reference)</legend>
      <code>{JSON.stringify(props.formData)}</code>
      <output aria-label={`${label}: resolved value`}>
        {resolved && 'value' in resolved
          ? JSON.stringify(resolved.value, null, 1).slice(0, 600)
          : `Unresolved: ${resolved && 'error' in resolved ? resolved.error : 'lint pending'}`}
      </output>
    </fieldset>
  );
}

const fields = { SchemaField: RefAwareSchemaField };
const widgets = { route: RouteWidget, image: ImageWidget };

export function PropsForm({
  schema,
  value,
  onChange,
  errors,
  refs,
  idPrefix,
}: {
  schema: Schema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  errors: ErrorTree;
  refs: ResolvedRefs;
  idPrefix: string;
}) {
  const uiSchema = useMemo(
    () => ({ ...uiSchemaFor(schema, schema, '', 'Props'), 'ui:submitButtonOptions': { norender: true } }),
    [schema],
  );
  return (
    <Form
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      idPrefix={idPrefix}
      fields={fields}
      widgets={widgets}
      formContext={{ refs }}
      extraErrors={errors as never}
      showErrorList={false}
      noHtml5Validate
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
      }}
      onChange={(e) => onChange((pruneUndefined(e.formData) ?? {}) as Record<string, unknown>)}
    />
  );
}
