/** The route's metadata (title, description, breadcrumbs) as written in routes.json. */
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { errorTree, getAt, pruneUndefined, type Schema } from './model.ts';
import type { Editor } from './use-editor.ts';

const SCHEMA: Schema = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', description: 'The page title (browser tab, search results).' },
    description: { type: 'string', title: 'Description', description: 'The meta description.' },
    breadcrumbs: {
      type: 'array',
      title: 'Breadcrumbs',
      items: {
        type: 'object',
        required: ['text', 'url'],
        properties: { text: { type: 'string', title: 'Text' }, url: { type: 'string', title: 'Link' } },
      },
    },
  },
};
const UI = {
  description: { 'ui:widget': 'textarea' },
  breadcrumbs: { items: { url: { 'ui:options': { inputType: 'text' } } } },
  'ui:submitButtonOptions': { norender: true },
};
const KEYS = ['title', 'description', 'breadcrumbs'] as const;

export function RouteSettings({ editor }: { editor: Editor }) {
  const pointer = editor.opened!.route.pointer;
  if (!pointer)
    return (
      <section className="jv-section">
        <h2>Page settings</h2>
        <p>This route comes from a collection: its title and description are set there.</p>
      </section>
    );
  const entry = (getAt(editor.docs['routes.json'], pointer) ?? {}) as Record<string, unknown>;
  const value = Object.fromEntries(KEYS.filter((k) => entry[k] !== undefined).map((k) => [k, entry[k]]));
  return (
    <section aria-labelledby="jv-route-heading" className="jv-section">
      <h2 id="jv-route-heading">Page settings</h2>
      <Form
        tagName="div"
        schema={SCHEMA}
        uiSchema={UI}
        formData={value}
        validator={validator}
        idPrefix="jv-route"
        showErrorList={false}
        noHtml5Validate
        extraErrors={errorTree(editor.findings, 'routes.json', pointer) as never}
        experimental_defaultFormStateBehavior={{
          emptyObjectFields: 'skipDefaults',
          arrayMinItems: { populate: 'never' },
        }}
        onChange={(e) => {
          const next = (pruneUndefined(e.formData) ?? {}) as Record<string, unknown>;
          const merged = { ...entry };
          for (const k of KEYS) {
            if (next[k] === undefined) delete merged[k];
            else merged[k] = next[k];
          }
          editor.change('routes.json', pointer, merged, 'route settings');
        }}
      />
    </section>
  );
}
