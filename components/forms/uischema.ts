/** Translates the message keys of a uiSchema (ui:title, ui:description, ui:placeholder, ui:help, ui:enumNames). */
import type { Translate } from './localizer';

const TEXT_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'];

export function translateUiSchema(ui: unknown, t: Translate): unknown {
  if (Array.isArray(ui)) return ui.map((x) => translateUiSchema(x, t));
  if (!ui || typeof ui !== 'object') return ui;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui as Record<string, unknown>)) {
    if (TEXT_KEYS.includes(k) && typeof v === 'string') out[k] = t(v);
    else if (k === 'ui:enumNames' && Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? t(x) : x));
    else if (k === 'ui:options' && v && typeof v === 'object') out[k] = translateUiSchema(v, t);
    else if (k.startsWith('ui:')) out[k] = v;
    else out[k] = translateUiSchema(v, t);
  }
  // inside ui:options the same directives appear without the ui: prefix
  return out;
}
