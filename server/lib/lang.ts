// The request's language: header `lang: 1` Serbian (default), `lang: 2` English;
// `?lang=en` or the b2c_enFlow=true cookie also select English.
import type { FastifyRequest } from 'fastify';

export type Lang = 'sr' | 'en';

export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers['lang'];
  const h = Array.isArray(header) ? header[0] : header;
  if (h === '2' || h === 'en') return 'en';
  if (h === '1' || h === 'sr') return 'sr';
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'en' || q === '2') return 'en';
  if (q === 'sr' || q === '1') return 'sr';
  if (req.cookies?.b2c_enFlow === 'true') return 'en';
  return 'sr';
}
