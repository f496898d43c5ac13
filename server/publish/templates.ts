// What a new document starts from in the studio (issue 29): a small document of its kind that the checker accepts
// (screen, modal, fragment, form, rule), or for a flow — whose checkout type and steps the code reads — a copy of the
// first flow under the new id. The texts name `studio.template.*` message keys, which exist in sr and en.
import { applyEdits, modify } from 'jsonc-parser';
import type { DocumentFiles } from './files';

const json = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
const title = { message: 'studio.template.title' };
const text = { message: 'studio.template.text' };

/** The folders a document can be created in (messages: sr and en only, keys are added instead). */
export const CREATABLE_FOLDERS = ['screens', 'fragments', 'flows', 'forms', 'modals', 'rules'] as const;
export type CreatableFolder = (typeof CREATABLE_FOLDERS)[number];

/** The text of a new document `id` in `folder`; null when the folder has no template (a flow with no flow to copy). */
export function documentTemplate(folder: CreatableFolder, id: string, live: DocumentFiles): string | null {
  switch (folder) {
    case 'screens':
      return json({
        $schema: '../meta/screen.schema.json', id, version: 1, route: `/${id}`, title,
        body: [{ component: 'Heading', props: { text: title, level: 1 } }, { component: 'RichText', props: { text } }],
      });
    case 'modals':
      return json({ $schema: '../meta/modal.schema.json', id, version: 1, title, size: 'medium', body: [{ component: 'RichText', props: { text } }] });
    case 'fragments':
      return json({
        $schema: '../meta/fragment.schema.json', id, version: 1, description: '',
        params: { text: { description: 'Message key of the text.', type: 'string' } },
        body: [{ component: 'RichText', props: { text: { message: { $param: 'text' } } } }],
      });
    case 'forms':
      return json({
        $schema: '../meta/form.schema.json', id, version: 1,
        schema: { type: 'object', required: [], properties: { note: { type: 'string', maxLength: 200 } } },
        uiSchema: { note: { 'ui:title': 'studio.template.title' } },
        messages: {},
      });
    case 'rules':
      return json({ $schema: '../meta/rule.schema.json', id, version: 1, description: '' });
    case 'flows': {
      const first = [...live.keys()].sort().find((p) => p.startsWith('flows/'));
      if (!first) return null;
      const source = live.get(first)!;
      return applyEdits(source, modify(source, ['id'], id, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
    }
  }
}

/** The messages document with `key` set to `value` (kept in the sorted place of its keys), or removed (undefined). */
export function withMessage(source: string, key: string, value: string | undefined): string {
  return applyEdits(source, modify(source, [key], value, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
    getInsertionIndex: (keys) => {
      const i = keys.findIndex((k) => k !== '$schema' && k > key);
      return i < 0 ? keys.length : i;
    },
  }));
}
