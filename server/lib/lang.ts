// The request's language: header `lang: 1` Serbian (default), `lang: 2` English;
// `?lang=en` or the b2c_enFlow=true cookie also select English.
import type { FastifyRequest } from 'fastify';

export type Lang = 'sr' | 'en';

/** Where a text of the message files comes from, by key and language (server/ui's UiDocuments is one): what a module
 *  below ui (catalog) names instead of the served document set. */
export interface MessageSource {
  message(lang: Lang, key: string, params?: Record<string, string | number>): string;
}

/** The language cookie of the seed: `b2c_enFlow=true` keeps English for 30 minutes (the browser's boot sets the
 *  same, actions/api/language.ts). */
export const LANG_COOKIE = 'b2c_enFlow';
export const LANG_COOKIE_MAX_AGE = 30 * 60;

/** Does a page's address ask for English (`lang=en` in its query, or a path ending in `-eng`)? */
export function addressAsksEnglish(path: string, search: string): boolean {
  return path.endsWith('-eng') || new URLSearchParams(search).get('lang') === 'en';
}

export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers.lang;
  const h = Array.isArray(header) ? header[0] : header;
  if (h === '2' || h === 'en') return 'en';
  if (h === '1' || h === 'sr') return 'sr';
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'en' || q === '2') return 'en';
  if (q === 'sr' || q === '1') return 'sr';
  if (req.cookies?.[LANG_COOKIE] === 'true') return 'en';
  return 'sr';
}
