// The content rules of CMS components (seed 000 §5 "A hex colour in CMS content must have 3 or 6 characters,
// otherwise a CMS rule error"; seed 001 §5). The rule itself is the format cmsHexColor of schemas/formats/formats.json
// (one source, also compiled by the checker and the forms); the database holds it too (CHECK constraint
// cms_components_accent_color_hex, migration 0032). Content entering the shop (the seed, any writer of cms_components)
// passes cmsColor first; the read side answers only colours that pass.
import { formatProblem } from './formats';

/** A CMS component whose content breaks a content rule: names the component, the field and the value. */
export class CmsRuleError extends Error {
  constructor(readonly componentId: string, readonly field: string, readonly value: string, readonly messageKey: string) {
    super(`CMS rule error: component "${componentId}", ${field} "${value}" is not a hex colour of 3 or 6 characters (#fff, #e30613)`);
    this.name = 'CmsRuleError';
  }
}

/** A colour of CMS content as it may be stored: null stays null, a valid hex colour is kept, anything else throws. */
export function cmsColor(componentId: string, field: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const problem = formatProblem('cmsHexColor', value);
  if (problem) throw new CmsRuleError(componentId, field, value, problem.message);
  return value;
}

/** A stored colour as it may be drawn: the value when it passes the rule, else null (never a broken colour). */
export function drawableColor(value: string | null | undefined): string | null {
  return value && formatProblem('cmsHexColor', value) === null ? value : null;
}
