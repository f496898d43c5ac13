/**
 * Which data schema a preview form's validator module must be compiled from. The Form component asks for
 * /ui/forms/<id>/validator.js?v=<version><hash of the schema>; the preview registers the schemas of the form
 * documents it serves (the draft or the served one) by that hash, and the studio's loader asks the server to
 * compile that exact schema (POST /studio/api/validator) instead of importing the served module.
 */
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';

const schemas = new Map<string, RJSFSchema>();

export function registerPreviewForm(schema: RJSFSchema): void {
  schemas.set(hashForSchema(schema), schema);
}

/** The registered schema a validator URL was made for, or null (then the served module is imported). */
export function previewFormSchema(url: string): RJSFSchema | null {
  const v = new URL(url, 'http://preview.local').searchParams.get('v') ?? '';
  for (const [hash, schema] of schemas) if (v.endsWith(hash)) return schema;
  return null;
}
