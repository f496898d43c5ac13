/**
 * Loading a form (./Form.tsx): its document /ui/forms/:id and the validator module the server compiled from it, kept
 * per API client so a form loaded once (or prefetched by its screen) draws at once.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { useRuntime } from '../../renderer/hooks';
import { importValidatorFunctions, StaleValidatorError, validatorUrl } from './rjsfValidator';

export interface FormDoc {
  id: string;
  version: number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: Record<string, Record<string, string>>;
}

export interface Loaded { doc: FormDoc; fns: ValidatorFunctions }

/** The forms loaded so far (document + validator functions) per API client, by id: what a new instance can draw at once. */
const readyByApi = new WeakMap<object, Map<string, Loaded>>();
export function readyOf(api: object): Map<string, Loaded> {
  let m = readyByApi.get(api);
  if (!m) readyByApi.set(api, (m = new Map()));
  return m;
}

/** The form document and its compiled validator module (once more with a fresh document if the module is stale). */
export async function loadForm(rt: Pick<ReturnType<typeof useRuntime>, 'api'>, formId: string): Promise<Loaded> {
  const load = async (fresh: boolean): Promise<Loaded> => {
    const d = await rt.api.getDocument<FormDoc>(`/ui/forms/${encodeURIComponent(formId)}`, fresh ? { cache: false } : {});
    try {
      return { doc: d, fns: await importValidatorFunctions(validatorUrl(formId, d.version, d.schema, rt.api.uiVersion), d.schema) };
    } catch (e) {
      // the form was edited between the two requests (development reload): once more with the new document
      if (e instanceof StaleValidatorError && !fresh) return load(true);
      throw e;
    }
  };
  const l = await load(false);
  const ready = readyOf(rt.api);
  const prev = ready.get(formId);
  // the same document keeps its object, so a mounted form does not redraw for nothing
  if (prev && prev.doc === l.doc) return prev;
  ready.set(formId, l);
  return l;
}

/** `form.change`: its group is loaded with the form, so a change writes the store at once (an action reading the
 * form right after `validateForms` sees what was typed, not a write still waiting for the group's chunk). */
export const FORM_ACTIONS = { action: 'form.change' };

/** Called by the router with the node's props before the screen draws (registry `prefetch`). */
export async function prefetch(props: { form?: unknown }, rt: Pick<ReturnType<typeof useRuntime>, 'api' | 'preloadActions'>): Promise<void> {
  await Promise.all([
    typeof props.form === 'string' ? loadForm(rt, props.form) : undefined,
    rt.preloadActions?.(FORM_ACTIONS),
  ]);
}

/** The data with the context's values (undefined ones left out) written over it. */
export function withContext(data: Record<string, unknown>, context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!context) return data;
  const defined = Object.entries(context).filter(([, v]) => v !== undefined);
  return defined.length ? { ...data, ...Object.fromEntries(defined) } : data;
}
