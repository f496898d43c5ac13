/**
 * Build-time stand-in for @rjsf/core's default widget set (see rjsf-fields.ts): the widgets of the shop's form
 * documents and the defaults of their field types; the date, time, colour, file, rating and multi-choice widgets
 * are left out (tests/unit/tooling/rjsf-registry.test.ts checks every `ui:widget` and `format` of schemas/forms).
 */
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/core/lib/components/widgets/RadioWidget.js';
import RangeWidget from '@rjsf/core/lib/components/widgets/RangeWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';

/** `ui:widget` names the shop's forms may use (with the defaults RJSF picks for strings, numbers, booleans, enums). */
export const SHOP_WIDGETS = ['checkbox', 'email', 'hidden', 'password', 'radio', 'range', 'select', 'text', 'textarea', 'uri', 'updown'] as const;

export default function widgets() {
  return { CheckboxWidget, EmailWidget, HiddenWidget, PasswordWidget, RadioWidget, RangeWidget, SelectWidget, TextWidget, TextareaWidget, URLWidget, UpDownWidget };
}
