/**
 * Build-time stand-in for @rjsf/core's default field set (vite.config.ts `rjsfRegistry` points the core's
 * getDefaultRegistry here). The shop's form documents (schemas/forms) draw objects of strings, numbers and booleans;
 * the array, oneOf/anyOf, cyclic and layout-grid fields (about 60 kB raw, a fifth of the form's chunk) are left out.
 * RJSF draws its "unsupported field" notice for a type with no field here; tests/unit/tooling/rjsf-registry.test.ts
 * fails when a form document uses one (add it here, and its widget to rjsf-widgets.ts).
 */
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';

/** The field types the shop's forms use (SchemaField picks a field by the schema's type). */
export const SHOP_FIELD_TYPES = ['object', 'string', 'number', 'integer', 'boolean', 'null'] as const;

export default function fields() {
  return { BooleanField, FallbackField, NullField, NumberField, ObjectField, OptionalDataControlsField, SchemaField, StringField };
}
