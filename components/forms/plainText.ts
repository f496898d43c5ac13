/**
 * The forms say what the server says (issue 24): a value holding a control character (NUL, C0 but tab / new line,
 * DEL, C1, a lone surrogate; tools/schemas/plain-text.ts, the rule the server applies to every request) is refused
 * at its field with `validation.controlCharacters`, as the API would refuse it with a 400.
 */
import type { FormValidation } from '@rjsf/utils';
import { hasControlCharacters } from '../../tools/schemas/plain-text';
import type { Translate } from './localizer';

/** RJSF `customValidate`: an error on every field whose text holds a control character. */
export function controlCharacterValidator<T>(t: Translate) {
  return (formData: T | undefined, errors: FormValidation<T>): FormValidation<T> => {
    const walk = (value: unknown, node: unknown, depth: number): void => {
      if (!node || typeof node !== 'object' || depth > 16) return;
      if (typeof value === 'string') {
        if (hasControlCharacters(value)) (node as { addError?: (m: string) => void }).addError?.(t('validation.controlCharacters'));
        return;
      }
      if (!value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, (node as Record<string, unknown>)[k], depth + 1);
    };
    walk(formData, errors, 0);
    return errors;
  };
}
