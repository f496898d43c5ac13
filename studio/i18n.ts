/** The studio's texts: the served messages of schemas/messages (studio.* keys), translated like the shop's. */
import { translate, type Lang, type MessageParams, type Messages } from '../actions/stores/i18n';

export type T = (key: string, params?: MessageParams) => string;

export function makeT(messages: Messages, lang: Lang): T {
  return (key, params) => translate(messages, key, params, lang);
}

/** "signed-in-customer" → "signedInCustomer" (the fixture's label key studio.fixture.<name>). */
export function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
