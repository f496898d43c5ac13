/** Cross-references of messages: both languages have the same keys and placeholders; every key a document names exists. */
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import { suggest } from './suggest.js';
import { isMessageRef, isObj, type MessageChecks, type Obj, type Report } from './crossref-context.js';

const RESERVED_MESSAGE_ENTRIES = new Set(['$schema', 'id', 'version']);

/** The `{name}` placeholders of a text (or of each form of a plural text), sorted. */
function placeholders(text: unknown): string[] {
  const texts = typeof text === 'string' ? [text] : isObj(text) ? Object.values(text).filter((t): t is string => typeof t === 'string') : [];
  const set = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) set.add(m[1]);
  return [...set].sort();
}

/**
 * Checks the messages documents against each other (both languages, same keys, same placeholders) and returns the
 * checks of the keys other documents name.
 */
export function checkMessageLanguages(messageDocs: LoadedDocument[], report: Report): MessageChecks {
  const sr = messageDocs.find((d) => d.id === 'sr');
  const en = messageDocs.find((d) => d.id === 'en');
  const keysOf = (d: LoadedDocument | undefined) => new Set(d ? Object.keys(d.json as Obj).filter((k) => !RESERVED_MESSAGE_ENTRIES.has(k)) : []);
  const srKeys = keysOf(sr);
  const enKeys = keysOf(en);
  const langs: MessageChecks['langs'] = [
    [sr, srKeys, 'sr'],
    [en, enKeys, 'en'],
  ];
  if (sr && en) compareLanguages(sr, srKeys, en, enKeys, report);
  const checkMessageKey = (doc: LoadedDocument, pointer: string, key: string): void => {
    for (const [mdoc, keys, lang] of langs) {
      if (keys.has(key)) continue;
      const file = mdoc?.file ?? `schemas/messages/${lang}.json`;
      const s = suggest(key, keys);
      report(doc, pointer, `message key "${key}" is missing in ${file}` + (s ? ` — did you mean "${s}"?` : ''), { suggestion: s, expected: `a key of ${file}` });
    }
  };
  const walkMessages = (doc: LoadedDocument, v: unknown, ptr: string): void => {
    if (isMessageRef(v)) checkMessageKey(doc, `${ptr}/message`, v.message);
    if (Array.isArray(v)) v.forEach((x, i) => walkMessages(doc, x, `${ptr}/${i}`));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) walkMessages(doc, x, `${ptr}/${escapePointer(k)}`);
  };
  return { langs, checkMessageKey, walkMessages };
}

/** Every key exists in both languages, and a key's placeholders are the same in both. */
function compareLanguages(sr: LoadedDocument, srKeys: Set<string>, en: LoadedDocument, enKeys: Set<string>, report: Report): void {
  for (const [doc, keys, , other, otherName] of [
    [sr, srKeys, 'sr', enKeys, en.file],
    [en, enKeys, 'en', srKeys, sr.file],
  ] as const) {
    for (const k of keys) {
      if (!other.has(k)) report(doc, `/${escapePointer(k)}`, `message key "${k}" is missing in ${otherName} — every key must exist in both languages`, { atKey: true, expected: `the same key in ${otherName}` });
    }
  }
  for (const k of srKeys) {
    if (!enKeys.has(k)) continue;
    const a = placeholders((sr.json as Obj)[k]);
    const b = placeholders((en.json as Obj)[k]);
    if (a.join(',') !== b.join(',')) {
      const show = (l: string[]) => (l.length ? l.map((x) => `{${x}}`).join(', ') : 'none');
      report(en, `/${escapePointer(k)}`, `placeholders of "${k}" differ: sr.json has ${show(a)}, en.json has ${show(b)}`, { expected: show(a) });
    }
  }
}
