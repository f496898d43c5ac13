// The checked set of UI documents (screens, flows, forms, modals, messages) served under /ui/.
// Loaded through the schema tooling (tools/schemas); an invalid set is refused.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The checker and the validator compiler load on demand: a start on a cached set (cacheDir) needs neither.
import type { SchemaDocument, SchemaError } from '../../tools/schemas/index.js';
import { formatErrors } from '../../tools/schemas/format.js';
import type { Lang } from '../lib/lang';
import type { Formats } from '../../tools/schemas/rules';
import type { RJSFSchema } from '@rjsf/utils';
import { SchemaWatcher, type WatchLog } from './watch';

export type DocKind = SchemaDocument['kind'];

export interface ServedDocument {
  kind: DocKind; id: string; version: number; json: unknown; body: string; etag: string;
  /** forms only: the standalone validator module (GET /ui/forms/:id/validator.js) */
  validator?: { body: string; etag: string };
}

export class SchemaSetError extends Error {
  constructor(readonly errors: SchemaError[]) {
    super(`The schema set has ${errors.length} error(s):\n${formatErrors(errors)}`);
  }
}

export interface DocumentSet {
  docs: Map<string, ServedDocument>;
  manifest: { body: string; etag: string };
  /** the published version this set is (database mode, server/publish); absent for a set loaded from files */
  version?: number;
}

/** The set as published version `version`: the manifest names it ({"version": N, ...}), its ETag follows. */
export function asVersion(set: DocumentSet, version: number): DocumentSet {
  const body = JSON.stringify({ version, ...(JSON.parse(set.manifest.body) as object) });
  return { docs: set.docs, manifest: { body, etag: etagOf('manifest', version, body) }, version };
}

const key = (kind: DocKind, id: string) => `${kind}/${id}`;

function etagOf(id: string, version: number, body: string): string {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return `"${id}@${version}-${hash}"`;
}

export interface LoadOptions {
  /** Refuse a set with errors (default). Tests of other domains pass false so they do not depend on unrelated documents. */
  strict?: boolean;
  /** A folder where a checked set is kept, keyed by the content hash of schemas/ and of the checker: a start on an
   *  unchanged set reads it instead of checking the set and compiling every form's validator again (`npm start`). */
  cacheDir?: string;
  /** With `cacheDir`: the URL of the check's worker (a bundled server/ui/check-worker.ts) that checks a set not kept
   *  yet in a worker thread; default: the one the server bundle names, none under tsx (checked in this thread). */
  checkWorker?: string;
  /** With `cacheDir`: the checked set a build wrote (`writeBuiltSet`, dist/.schema-set.json): read when nothing is kept
   *  in `cacheDir` and it was made of these files (its hash), so the first start after a build checks nothing. */
  builtFile?: string;
}

const toolsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tools', 'schemas');

/** Where `npm start` (and the server test harness) keep the checked set: SCHEMAS_CACHE_DIR, else node_modules/.cache. */
export const defaultSchemaCacheDir = () =>
  process.env.SCHEMAS_CACHE_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', '.cache', 'orbita-shop');

/** sha256 over every file of schemas/ and of the checker (tools/schemas) plus package-lock.json (AJV's version). */
export async function schemaSetHash(rootDir: string): Promise<string> {
  const h = createHash('sha256');
  const walk = async (dir: string, label: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) await walk(abs, `${label}/${e.name}`);
      else if (e.isFile()) h.update(`${label}/${e.name}\0`).update(await readFile(abs)).update('\0');
    }
  };
  await walk(resolve(rootDir), 'schemas');
  await walk(toolsDir, 'tools');
  const lock = join(toolsDir, '..', '..', 'package-lock.json');
  if (existsSync(lock)) h.update(await readFile(lock));
  return h.digest('hex').slice(0, 32);
}

/** What the check worker answers: the checked set (structured-cloned), or the errors that refuse it. */
export type CheckAnswer =
  | { ok: true; docs: DocumentSet['docs']; manifest: DocumentSet['manifest'] }
  | { ok: false; errors: SchemaError[] }
  | { ok: false; message: string };

/** The bundled check worker (server/ui/check-worker.ts), defined by tools/start.mjs when it bundles the server. */
declare const SCHEMA_CHECK_WORKER: string | undefined;

/**
 * The schema set checked: in a worker thread when the server runs as its bundle (`npm start`: the check, ~3 s of CPU,
 * then runs beside the database's opening and the catalogue's build on the main thread), else in this thread.
 */
async function checkedSet(rootDir: string, workerUrl: string | undefined): Promise<DocumentSet> {
  if (!workerUrl) return loadDocumentSet(rootDir, { strict: true });
  const { Worker } = await import('node:worker_threads');
  const answer = await new Promise<CheckAnswer>((done, fail) => {
    const worker = new Worker(new URL(workerUrl), { workerData: { rootDir } });
    worker.once('message', (m: CheckAnswer) => { done(m); void worker.terminate(); });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the schema check worker stopped (exit code ${code}) without an answer`)));
  });
  if (answer.ok) return { docs: answer.docs, manifest: answer.manifest };
  if ('errors' in answer) throw new SchemaSetError(answer.errors);
  throw new Error(answer.message);
}

/** A checked set as kept (the cache file, the build's file): its documents as pairs, its manifest, its files' hash. */
interface KeptSet { hash?: string; docs: Array<[string, ServedDocument]>; manifest: DocumentSet['manifest'] }

async function readKept(file: string, hash: string): Promise<DocumentSet | null> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as KeptSet;
    if (kept.hash !== undefined && kept.hash !== hash) return null;
    return { docs: new Map(kept.docs), manifest: kept.manifest };
  } catch {
    return null; // none (or unreadable): check the set
  }
}

/** Checks the set and writes it to `file` with its files' hash (`npm run build`: tools/schema-set.ts). */
export async function writeBuiltSet(rootDir: string, file: string): Promise<void> {
  const set = await loadDocumentSet(rootDir, { strict: true });
  const kept: KeptSet = { hash: await schemaSetHash(rootDir), docs: [...set.docs], manifest: set.manifest };
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(kept));
  renameSync(tmp, file);
}

async function loadCached(rootDir: string, cacheDir: string, opts: LoadOptions): Promise<DocumentSet> {
  const hash = await schemaSetHash(rootDir);
  const file = join(cacheDir, `documents-${hash}.json`);
  const kept = (await readKept(file, hash)) ?? (opts.builtFile ? await readKept(opts.builtFile, hash) : null);
  if (kept) return kept;
  const set = await checkedSet(rootDir, opts.checkWorker ?? (typeof SCHEMA_CHECK_WORKER === 'string' ? SCHEMA_CHECK_WORKER : undefined));
  try {
    mkdirSync(cacheDir, { recursive: true });
    for (const old of readdirSync(cacheDir).filter((f) => /^documents-\w+\.json$/.test(f))) rmSync(join(cacheDir, old), { force: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ docs: [...set.docs], manifest: set.manifest }));
    renameSync(tmp, file);
  } catch { /* a read-only checkout still starts */ }
  return set;
}

export async function loadDocumentSet(rootDir: string, opts: LoadOptions = {}): Promise<DocumentSet> {
  const [{ loadAndCheck }, { compileFormValidator, loadFormats }] = await Promise.all([import('../../tools/schemas/index.js'), import('./validators')]);
  const { documents, errors } = await loadAndCheck(rootDir);
  if (errors.length > 0 && opts.strict !== false) throw new SchemaSetError(errors);
  const docs = new Map<string, ServedDocument>();
  const versions: Record<string, number> = {};
  const routes: Array<{ route: string; screen: string }> = [];
  const layouts: string[] = [];
  const plural: Record<DocKind, string> = { screen: 'screens', flow: 'flows', form: 'forms', modal: 'modals', messages: 'messages', fragment: 'fragments', rule: 'rules' };
  const formats = loadFormats(rootDir);
  for (const d of [...documents].sort((a, b) => key(a.kind, a.id).localeCompare(key(b.kind, b.id)))) {
    const body = JSON.stringify(d.json);
    const served: ServedDocument = { kind: d.kind, id: d.id, version: d.version, json: d.json, body, etag: etagOf(d.id, d.version, body) };
    if (d.kind === 'form') {
      const validator = formValidator(d.id, d.version, d.json, formats, opts.strict !== false, compileFormValidator);
      if (validator) served.validator = validator;
    }
    docs.set(key(d.kind, d.id), served);
    versions[`${plural[d.kind]}/${d.id}`] = d.version;
    if (d.kind === 'screen') {
      const j = d.json as { route?: string; aliases?: string[]; kind?: string };
      if (j.route) routes.push({ route: j.route, screen: d.id });
      for (const a of j.aliases ?? []) routes.push({ route: a, screen: d.id });
      if (!j.route || j.kind === 'layout') layouts.push(d.id);
    }
  }
  const manifestBody = JSON.stringify({ versions, routes, layouts });
  return { docs, manifest: { body: manifestBody, etag: etagOf('manifest', 0, manifestBody) } };
}

/** Compiles a form's validator module; a schema AJV cannot compile refuses a strict set (else the form has none). */
function formValidator(
  id: string, version: number, json: unknown, formats: Formats, strict: boolean,
  compileFormValidator: (schema: RJSFSchema, formats: Formats) => string,
): ServedDocument['validator'] {
  const schema = (json as { schema?: unknown }).schema;
  try {
    if (!schema || typeof schema !== 'object') throw new Error('no data schema');
    const body = compileFormValidator(schema as RJSFSchema, formats);
    return { body, etag: etagOf(`${id}.validator`, version, body) };
  } catch (e) {
    if (strict) throw new Error(`schemas/forms/${id}.json: the data schema does not compile to a validator: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

/** A partial rollout as the served sets know it (server/publish/rollout.ts): its id and share in percent. */
export interface RolloutInfo { id: number; share: number }

/** Holds the last good set; in development watches the folder and reloads. */
export class UiDocuments {
  private watcher: SchemaWatcher<DocumentSet> | null = null;
  /** Sets replaced by a switch, by version, kept until their time (database mode: a page still on version N gets N's documents). */
  private readonly kept = new Map<number, { set: DocumentSet; until: number; rollout?: RolloutInfo }>();
  /** A partial rollout (database mode, server/publish/rollout.ts): its set served to the sessions `serves` picks. */
  private rollout: { info: RolloutInfo; set: DocumentSet; serves: (sessionId: string) => boolean; view: UiDocuments } | null = null;

  constructor(private set: DocumentSet, private readonly rootDir: string) {}

  static async load(rootDir: string, opts: LoadOptions = {}): Promise<UiDocuments> {
    if (opts.cacheDir && opts.strict !== false) return new UiDocuments(await loadCached(rootDir, opts.cacheDir, opts), rootDir);
    return new UiDocuments(await loadDocumentSet(rootDir, opts), rootDir);
  }

  get(kind: DocKind, id: string): ServedDocument | undefined { return this.set.docs.get(key(kind, id)); }
  get manifest() { return this.set.manifest; }
  /** The published version served (database mode); undefined when the set comes from the files of schemas/. */
  get version(): number | undefined { return this.set.version; }

  /** The served set of `version` when this instance still holds it (the current one or one kept after a switch), else the current set. */
  setAt(version: number | undefined, now = Date.now()): DocumentSet {
    if (version === undefined || version === this.set.version) return this.set;
    if (this.rollout && version === this.rollout.set.version) return this.rollout.set;
    const k = this.kept.get(version);
    return k && k.until > now ? k.set : this.set;
  }

  /** Whether `version` is served here (current or kept). */
  holds(version: number, now = Date.now()): boolean {
    return version === this.set.version || version === this.rollout?.set.version || (this.kept.get(version)?.until ?? 0) > now;
  }

  /**
   * Serves `set` (a published version that is not live) to the sessions of a partial rollout that `serves` picks;
   * null ends the rollout: its set stays reachable by its version for `graceMs` (pages loaded under it), every new
   * manifest names the live version again.
   */
  setRollout(r: { info: RolloutInfo; set: DocumentSet; serves: (sessionId: string) => boolean } | null, graceMs: number, now = Date.now()): void {
    const old = this.rollout;
    const same = !!old && !!r && old.set === r.set && old.info.id === r.info.id && old.info.share === r.info.share;
    if (same) return;
    if (old?.set.version !== undefined && old.set.version !== this.set.version && old.set.version !== r?.set.version) {
      this.kept.set(old.set.version, { set: old.set, until: now + graceMs, rollout: old.info });
    }
    if (!r) { this.rollout = null; return; }
    this.kept.delete(r.set.version ?? -1);
    this.rollout = { ...r, view: old?.set === r.set ? old.view : new UiDocuments(r.set, this.rootDir) };
  }

  /** The partial rollout served (its id and share), if one is running. */
  get activeRollout(): RolloutInfo | null { return this.rollout?.info ?? null; }

  /** The documents a session gets: the rollout's when it picks the session, else this (the live set). */
  forSession(sessionId: string | null | undefined): UiDocuments {
    return this.rollout && sessionId && this.rollout.serves(sessionId) ? this.rollout.view : this;
  }

  /** The rollout that served `version` (running, or ended within the grace time): an order placed under it records it. */
  rolloutOf(version: number | null, now = Date.now()): RolloutInfo | null {
    if (version === null || version === this.set.version) return null;
    if (this.rollout && version === this.rollout.set.version) return this.rollout.info;
    const k = this.kept.get(version);
    return k && k.until > now ? k.rollout ?? null : null;
  }

  /**
   * Switches the served set at once (one assignment: a request reads either set whole). The replaced set stays
   * reachable by its version for `graceMs`, so a page loaded under it keeps getting its documents.
   */
  swap(set: DocumentSet, graceMs: number, now = Date.now()): void {
    const old = this.set;
    if (old.version !== undefined && old.version !== set.version) this.kept.set(old.version, { set: old, until: now + graceMs });
    this.kept.delete(set.version ?? -1);
    for (const [v, k] of this.kept) if (k.until <= now) this.kept.delete(v);
    this.set = set;
  }
  /** How many documents the served set holds (GET /health). */
  get documentCount(): number { return this.set.docs.size; }

  /** Every document of one kind (the site search reads the screens). */
  documentsOf(kind: DocKind): ServedDocument[] { return [...this.set.docs.values()].filter((d) => d.kind === kind); }

  /** The screen printed as the PDF at `path` (its "pdf"), e.g. /media/docs/opsti-uslovi.pdf. */
  screenByPdf(path: string): ServedDocument | undefined {
    for (const d of this.set.docs.values()) if (d.kind === 'screen' && (d.json as { pdf?: string }).pdf === path) return d;
    return undefined;
  }

  /** All flows (checkout steps per checkout type). */
  flowFor(checkoutType: string): ServedDocument | undefined {
    for (const d of this.set.docs.values()) {
      if (d.kind === 'flow' && (d.json as { checkoutType?: string }).checkoutType === checkoutType) return d;
    }
    return undefined;
  }

  /** A message of schemas/messages in `lang` with {name} placeholders filled; the key itself if unknown. */
  message(lang: Lang, msgKey: string, params: Record<string, string | number> = {}): string {
    const table = this.get('messages', lang)?.json as Record<string, unknown> | undefined;
    let text = table?.[msgKey];
    if (text && typeof text === 'object') {
      const forms = text as Record<string, string>;
      // the language's CLDR plural rules (Serbian: one / few / other; English: one / other)
      const form = new Intl.PluralRules(lang).select(Math.abs(Math.trunc(Number(params.count ?? 0))));
      text = forms[form] ?? forms.other;
    }
    if (typeof text !== 'string') return msgKey;
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] !== undefined ? String(params[name]) : m));
  }

  /** Development: watches the folder and serves each good reload (server/ui/watch.ts). */
  watch(log: WatchLog): SchemaWatcher<DocumentSet> {
    this.watcher ??= new SchemaWatcher<DocumentSet>({ rootDir: this.rootDir, load: (dir) => loadDocumentSet(dir), onSet: (set) => { this.set = set; }, log });
    return this.watcher;
  }

  close(): Promise<void> {
    const w = this.watcher;
    this.watcher = null;
    return w ? w.close() : Promise.resolve();
  }
}
