/**
 * The link check: every internal address a document links to must be served by a screen (its route, an alias,
 * or the PDF a screen is also printed as); otherwise the shopper would land on the not-found page.
 *
 * Looked at: in screens and modals (fragments expanded), the props `to`, `href`, `basePath` (with `/page/2`)
 * and every prop ending in `Url`; the action argument `to` (nav.go) and `backToOffer`; in flows `backToOffer`;
 * in the texts of schemas/messages, Markdown links `[text](/address)` and `href="/address"`.
 * Addresses that are knowingly not built yet are listed, each with its reason, in schemas/meta/pending-links.json;
 * an address on that list that a screen does serve is an error too (the list must shrink, never rot).
 */
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { escapePointer, locate, parseWithPositions } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import type { Report } from './crossref.js';
import { relativeFile } from './load.js';
import { suggest } from './suggest.js';
import { routeMatcher } from './routes.js';

export { routeMatcher };
import type { SchemaError } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export const PENDING_LINKS_FILE = 'meta/pending-links.json';
/** The screen whose address is the not-found page: a link to it is not a page. */
const NOT_FOUND_SCREEN = 'not-found';

/** The part of a link that names a page: no query, no fragment. null for links that leave the shop. */
export function internalPath(to: string): string | null {
  if (!to.startsWith('/') || to.startsWith('//')) return null;
  const path = to.replace(/[?#].*$/, '');
  return path || '/';
}

interface Found { doc: LoadedDocument; pointer: string; to: string }

const LINK_PROP = (name: string) => name === 'to' || name === 'href' || name === 'basePath' || /Url$/.test(name) || name === 'backToOffer';

/** Collects the literal link values of a node list (props and action args), with their pointers. */
function collectNodes(doc: LoadedDocument, list: unknown, ptr: string, out: Found[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((node, i) => {
    if (!isObj(node)) return;
    const at = `${ptr}/${i}`;
    if (isObj(node.props)) {
      for (const [k, v] of Object.entries(node.props)) {
        if (typeof v !== 'string' || !LINK_PROP(k)) continue;
        out.push({ doc, pointer: `${at}/props/${escapePointer(k)}`, to: v });
        if (k === 'basePath') out.push({ doc, pointer: `${at}/props/${escapePointer(k)}`, to: `${v.replace(/\/$/, '')}/page/2` });
      }
    }
    if (isObj(node.on)) {
      for (const [ev, calls] of Object.entries(node.on)) {
        const list2 = Array.isArray(calls) ? calls : [calls];
        list2.forEach((c, j) => {
          if (!isObj(c) || !isObj(c.args)) return;
          const cp = Array.isArray(calls) ? `${at}/on/${escapePointer(ev)}/${j}` : `${at}/on/${escapePointer(ev)}`;
          for (const [k, v] of Object.entries(c.args)) if (typeof v === 'string' && (k === 'to' || k === 'backToOffer')) out.push({ doc, pointer: `${cp}/args/${escapePointer(k)}`, to: v });
        });
      }
    }
    collectNodes(doc, node.children, `${at}/children`, out);
  });
}

const MESSAGE_LINK = /\]\((\/[^)\s]*)\)|href="(\/[^"]*)"/g;

/** Every link of the documents, before checking. */
export function collectLinks(docs: LoadedDocument[]): Found[] {
  const out: Found[] = [];
  for (const doc of docs) {
    const j = doc.json;
    if (!isObj(j)) continue;
    if (doc.kind === 'screen' || doc.kind === 'modal') {
      collectNodes(doc, j.body, '/body', out);
      collectNodes(doc, j.footer, '/footer', out);
      if (Array.isArray(j.load)) j.load.forEach((c, i) => { if (isObj(c) && isObj(c.args) && typeof c.args.to === 'string') out.push({ doc, pointer: `/load/${i}/args/to`, to: c.args.to }); });
    } else if (doc.kind === 'flow') {
      if (typeof j.backToOffer === 'string') out.push({ doc, pointer: '/backToOffer', to: j.backToOffer });
    } else if (doc.kind === 'messages') {
      for (const [key, text] of Object.entries(j)) {
        const texts: Array<[string, string]> = typeof text === 'string' ? [['', text]] : isObj(text) ? Object.entries(text).filter((e): e is [string, string] => typeof e[1] === 'string').map(([f, t]) => [`/${f}`, t]) : [];
        for (const [form, t] of texts) for (const m of t.matchAll(MESSAGE_LINK)) out.push({ doc, pointer: `/${escapePointer(key)}${form}`, to: m[1] ?? m[2] });
      }
    }
  }
  return out;
}

/** The addresses the screens serve: routes and aliases (not the not-found page's) and each screen's PDF. */
export function servedAddresses(docs: LoadedDocument[]): { matchers: Array<{ re: RegExp; screen: string }>; pdfs: Set<string> } {
  const matchers: Array<{ re: RegExp; screen: string }> = [];
  const pdfs = new Set<string>();
  for (const doc of docs) {
    if (doc.kind !== 'screen' || !isObj(doc.json) || doc.id === NOT_FOUND_SCREEN) continue;
    const j = doc.json;
    for (const r of [j.route, ...(Array.isArray(j.aliases) ? j.aliases : [])]) if (typeof r === 'string') matchers.push({ re: routeMatcher(r), screen: doc.id });
    if (typeof j.pdf === 'string') pdfs.add(j.pdf.toLowerCase());
  }
  return { matchers, pdfs };
}

/**
 * The served address nearest to a link that leads nowhere: a literal route (or PDF, or pending link) a typo away, or
 * the link with one segment changed to the nearest segment that makes a served address (/Privatni/Uredjaj/x →
 * /Privatni/Uredjaji/x).
 */
function nearestAddress(path: string, known: Set<string>, routeWords: Set<string>, matchers: Array<{ re: RegExp }>): string | undefined {
  const direct = suggest(path, known);
  if (direct) return direct;
  const segs = path.split('/');
  const words = new Set(routeWords);
  for (const k of known) for (const w of k.split('/')) if (w) words.add(w);
  for (let i = 1; i < segs.length; i++) {
    const w = suggest(segs[i], words);
    if (!w) continue;
    const candidate = [...segs.slice(0, i), w, ...segs.slice(i + 1)].join('/');
    if (matchers.some((m) => m.re.test(candidate)) || known.has(candidate)) return candidate;
  }
  return undefined;
}

export async function checkLinks(rootDir: string, docs: LoadedDocument[], report: Report): Promise<SchemaError[]> {
  const errors: SchemaError[] = [];
  const { matchers, pdfs } = servedAddresses(docs);
  const served = (path: string) => pdfs.has(path.toLowerCase()) || matchers.some((m) => m.re.test(path));

  // the pending list: { "links": { "/address": "why it is not served yet" } }
  const pendingAbs = join(rootDir, PENDING_LINKS_FILE);
  const pendingFile = relativeFile(rootDir, pendingAbs);
  const pending = new Map<string, string>();
  let text: string | null = null;
  try { text = await readFile(pendingAbs, 'utf8'); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; }
  if (text !== null) {
    try {
      const { data, pointers } = parseWithPositions(text);
      const links = isObj(data) && isObj(data.links) ? data.links : null;
      if (!links) errors.push({ file: pendingFile, pointer: '', message: 'expected { "links": { "/address": "why it is not served yet" } }' });
      for (const [path, why] of Object.entries(links ?? {})) {
        const ptr = `/links/${escapePointer(path)}`;
        const at = locate(pointers, ptr, true);
        const err = (message: string) => errors.push({ file: pendingFile, pointer: ptr, message, ...(at ? { line: at.line, column: at.column } : {}) });
        if (typeof why !== 'string' || why.trim() === '') err(`the pending link "${path}" needs its reason (who builds the page, and why it is not there yet)`);
        else if (served(path)) err(`"${path}" is served by a screen now — remove it from the pending links`);
        else pending.set(path.toLowerCase(), why);
      }
    } catch (e) {
      errors.push({ file: pendingFile, pointer: '', message: `not valid JSON: ${(e as Error).message}` });
    }
  }

  // did-you-mean: the addresses written in the screens (routes without parameters, PDFs) and the pending links
  const known = new Set<string>(pdfs);
  const words = new Set<string>();
  for (const doc of docs) {
    if (doc.kind !== 'screen' || !isObj(doc.json) || doc.id === NOT_FOUND_SCREEN) continue;
    for (const r of [doc.json.route, ...(Array.isArray(doc.json.aliases) ? doc.json.aliases : [])]) {
      if (typeof r !== 'string') continue;
      if (!/[:*]/.test(r)) known.add(r);
      for (const w of r.split('/')) if (w && !/^[:*]/.test(w)) words.add(w);
    }
  }
  for (const p of pending.keys()) known.add(p);
  for (const link of collectLinks(docs)) {
    const path = internalPath(link.to);
    if (path === null || served(path) || pending.has(path.toLowerCase())) continue;
    const near = nearestAddress(path, known, words, matchers);
    report(link.doc, link.pointer, `link "${link.to}" leads to no screen: no route or alias in schemas/screens serves "${path}", so it would open the not-found page` + (near ? ` — did you mean "${near}"?` : ''), {
      expected: 'the address of a screen (its "route" or one of its "aliases"), or an entry in ' + pendingFile,
      suggestion: near,
    });
  }
  return errors;
}
