/**
 * The RJSF validator of our forms: RJSF's precompiled-validator path fed with the eval-free validator
 * (validate.ts) instead of AJV standalone code, so forms validate under a CSP without 'unsafe-eval'.
 */
import { createPrecompiledValidator, type Localizer } from '@rjsf/validator-ajv8';
import type { CompiledValidateFunction } from '@rjsf/validator-ajv8';
import { hashForSchema, ID_KEY, JUNK_OPTION_ID, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { EvalFreeValidator, type FormatFn } from './validate';

export function createFormValidator(rootSchema: RJSFSchema, formats: Record<string, FormatFn>, localizer: Localizer): ValidatorType {
  const engine = new EvalFreeValidator(rootSchema as Record<string, unknown>, formats);
  const main: CompiledValidateFunction = function validate(data: unknown) {
    const errors = engine.validate(data);
    main.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  const key = (rootSchema as Record<string, unknown>)[ID_KEY] as string | undefined ?? hashForSchema(rootSchema);
  const validator = createPrecompiledValidator({ [key]: main }, rootSchema, localizer);
  // sub-schemas (anyOf/oneOf options, dependencies) are checked directly — no per-schema compiled functions needed
  validator.isValid = (schema: RJSFSchema, formData: unknown) => {
    if ((schema as Record<string, unknown>)[ID_KEY] === JUNK_OPTION_ID) return false;
    return engine.isValid(formData, schema as Record<string, unknown>);
  };
  return validator as unknown as ValidatorType;
}
