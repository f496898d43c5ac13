/** What the cross-reference passes (crossref-*.ts) share: the documents, the vocabulary, how to report, small helpers. */
import type { LoadedDocument } from './load.js';
import { suggest } from './suggest.js';
import type { Vocabulary } from './types.js';

/** How the checker's passes report a problem in a document (check.ts makes it, these passes use it). */
export type Report = (doc: LoadedDocument, pointer: string, message: string, extra?: { expected?: string; suggestion?: string; atKey?: boolean }) => void;

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `{ "message": "key", "params"?: {…} }` */
export function isMessageRef(v: unknown): v is { message: string; params?: Obj } {
  return isObj(v) && typeof v.message === 'string' && Object.keys(v).every((k) => k === 'message' || k === 'params');
}
/** `{ "$bind": "/pointer" }` */
export function isBinding(v: unknown): v is { $bind: string } {
  return isObj(v) && typeof v.$bind === 'string' && Object.keys(v).length === 1;
}
/** written as a binding or a translated text (even a malformed one: the meta-schema reports that) */
export const isDynamic = (v: unknown): boolean => isObj(v) && ('$bind' in v || 'message' in v);

/** "unknown X" with did-you-mean */
export function unknownName(what: string, name: string, known: Iterable<string>): { message: string; suggestion?: string } {
  const s = suggest(name, known);
  return { message: `unknown ${what} "${name}"` + (s ? ` — did you mean "${s}"?` : ''), suggestion: s };
}

/** The checks of message keys (crossref-messages.ts makes them): the languages, a key, every key in a value. */
export interface MessageChecks {
  /** each language's messages document (if any), its keys and its name */
  langs: Array<[LoadedDocument | undefined, Set<string>, string]>;
  /** a key written at `pointer` exists in every language */
  checkMessageKey: (doc: LoadedDocument, pointer: string, key: string) => void;
  /** every { message } anywhere in the value */
  walkMessages: (doc: LoadedDocument, v: unknown, ptr: string) => void;
}

/** The documents and helpers every pass of checkReferences reads. */
export interface RefContext {
  vocab: Vocabulary | undefined;
  report: Report;
  /** the documents of a kind whose JSON is an object */
  byKind: (k: LoadedDocument['kind']) => LoadedDocument[];
  screens: LoadedDocument[];
  screenIds: Map<string, LoadedDocument>;
  formIds: Set<string>;
  modalIds: Set<string>;
  /** the file of this document exists but is not valid JSON: references to it are not reported again */
  broken: (kind: LoadedDocument['kind'], id: string) => boolean;
  messages: MessageChecks;
}

/** Reports a reference (at `at`) to a modal that does not exist; one whose file does not parse is reported as such. */
export function checkModalId(ctx: RefContext, doc: LoadedDocument, id: string, at: string): void {
  if (ctx.modalIds.has(id) || ctx.broken('modal', id)) return;
  const u = unknownName('modal', id, ctx.modalIds);
  ctx.report(doc, at, `${u.message} (no schemas/modals/${id}.json)`, { suggestion: u.suggestion });
}
