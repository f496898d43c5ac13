/**
 * The RJSF validator of our forms: RJSF's precompiled-validator path fed with AJV standalone code that the server
 * compiles from the form document (GET /ui/forms/:id/validator.js, server/ui/validators.ts; custom formats of
 * schemas/formats/formats.json built in). The module is loaded with a dynamic import, which the CSP allows
 * (script-src 'self'); nothing is compiled in the browser, so no 'unsafe-eval' is needed and no AJV is bundled.
 */
import { createPrecompiledValidator, type Localizer, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';

/**
 * The address of a form's validator module. The query names the schema it was compiled from, so an edited form
 * (live reload, studio) imports a fresh module instead of the one already in the page's module map, and the published
 * version the page is on (`set`, as its other documents: during a rollout that may not be the live one).
 */
export function validatorUrl(formId: string, version: number, schema: RJSFSchema, set?: number | null): string {
  return `/ui/forms/${encodeURIComponent(formId)}/validator.js?v=${version}${hashForSchema(schema)}${set ? `&set=${set}` : ''}`;
}

/** Loads the module at a validator URL and answers its default export. */
export type ValidatorModuleLoader = (url: string) => Promise<{ default?: unknown }>;

const browserLoader: ValidatorModuleLoader = (url) => import(/* @vite-ignore */ url) as Promise<{ default?: unknown }>;
let loader: ValidatorModuleLoader = browserLoader;

/**
 * Replaces how validator modules are loaded (tests: Node cannot import the server's /ui URLs, so a test harness
 * compiles the form with server/ui/validators.ts instead — see tests/unit/runtime/form-validators.ts). No argument
 * restores the browser's dynamic import.
 */
export function setValidatorModuleLoader(next?: ValidatorModuleLoader): void {
  loader = next ?? browserLoader;
}

/** The module was compiled from another version of the form's schema (it changed between the two requests). */
export class StaleValidatorError extends Error {}

/**
 * Imports a validator module; its default export is RJSF's ValidatorFunctions map (schema hash → function), which
 * must hold the function of `schema` itself.
 */
export async function importValidatorFunctions(url: string, schema: RJSFSchema): Promise<ValidatorFunctions> {
  const mod = await loader(url);
  if (!mod.default || typeof mod.default !== 'object') throw new Error(`${url} has no validator functions`);
  const fns = mod.default as ValidatorFunctions;
  if (typeof fns[hashForSchema(schema)] !== 'function') throw new StaleValidatorError(`${url} was compiled from another schema`);
  return fns;
}

/** The RJSF validator of one form: the precompiled functions, the form's data schema and our localizer. */
export function createFormValidator(validateFns: ValidatorFunctions, rootSchema: RJSFSchema, localizer: Localizer): ValidatorType {
  return createPrecompiledValidator(validateFns, rootSchema, localizer) as unknown as ValidatorType;
}
