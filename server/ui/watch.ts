// The development watcher of schemas/ (npm run dev): reloads the served set after every edit.
//
// Built on chokidar, which watches folders rather than file handles: a file replaced by a rename (the studio's
// save, `sed -i`, editors that save atomically) is watched on like any other — node's fs.watch went deaf to it.
//
// A batch of edits where some files have errors does not drop the good ones: the files with errors are put back
// to their last good text (in a scratch copy of the folder: symbolic links to the real files, the reverted files
// written out), the set is checked again, and when it passes it is served — the good files' changes are live,
// each broken file keeps its last good version, and its errors are logged with file:line. A file whose change
// only works together with a broken one (a link to a screen that does not parse yet) is put back too, until the
// set passes; when no such set exists the whole last good set stays.
import { EventEmitter } from 'node:events';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import { formatErrors } from '../../tools/schemas/format.js';
import type { SchemaError } from '../../tools/schemas/index.js';

export interface WatchLog { info: (m: string) => void; error: (m: string) => void }

/** What one reload did. */
export type ReloadResult =
  /** every file of the folder is served as it is */
  | { status: 'reloaded'; errors: [] ; kept: [] }
  /** the set is served with `kept` (repository-relative paths, e.g. schemas/screens/pdp.json) at their last good text */
  | { status: 'partial'; errors: SchemaError[]; kept: string[] }
  /** nothing changed: no set passes with the edits, the last good set stays */
  | { status: 'unchanged'; errors: SchemaError[]; kept: [] }
  /** the reload failed for another reason (a file could not be read, …): the last good set stays */
  | { status: 'failed'; errors: []; kept: []; message: string };

export interface SchemaWatcherOptions<S> {
  /** the schemas/ folder */
  rootDir: string;
  /** checks a folder laid out like schemas/ into the served set; throws an error with `errors` when it does not pass */
  load: (rootDir: string) => Promise<S>;
  /** takes a new set (served from now on) */
  onSet: (set: S) => void;
  log: WatchLog;
  /** quiet time after the last event before a reload (a save often is several events), ms */
  debounceMs?: number;
}

/** How many times a batch may put back more files (those that only worked with a broken one) before it gives up. */
const MAX_ROUNDS = 8;

/** Reads every *.json under `dir` (what the checker reads), keyed by repository-relative path. */
async function readJsonTree(rootDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const repo = dirname(resolve(rootDir));
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) await walk(abs);
      else if (e.isFile() && e.name.endsWith('.json')) {
        try {
          out.set(relative(repo, abs).split(sep).join('/'), await readFile(abs, 'utf8'));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // removed meanwhile: the next batch sees it
        }
      }
    }
  };
  await walk(resolve(rootDir));
  return out;
}

const schemaErrorsOf = (e: unknown): SchemaError[] | null =>
  e && typeof e === 'object' && Array.isArray((e as { errors?: unknown }).errors) ? (e as { errors: SchemaError[] }).errors : null;

/**
 * Lays out a scratch copy of the real folder with the files of `revert` replaced by the given text (or left out,
 * when the text is null: a file that had no good version). Folders without a reverted file are one symbolic link.
 */
async function layOut(rootDir: string, scratchSchemas: string, revert: Map<string, string | null>): Promise<void> {
  const repo = dirname(resolve(rootDir));
  const rel = (abs: string) => relative(repo, abs).split(sep).join('/');
  const touches = (dirRel: string) => [...revert.keys()].some((f) => f.startsWith(`${dirRel}/`));
  const mirror = async (real: string, copy: string) => {
    await mkdir(copy, { recursive: true });
    let entries: string[] = [];
    try {
      entries = await readdir(real);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    for (const name of entries) {
      const abs = join(real, name);
      const r = rel(abs);
      if (revert.has(r)) continue;
      const st = await lstat(abs).catch(() => null);
      if (!st) continue;
      if (st.isDirectory() && touches(r)) await mirror(abs, join(copy, name));
      else await symlink(abs, join(copy, name));
    }
  };
  await mirror(resolve(rootDir), scratchSchemas);
  for (const [file, text] of revert) {
    if (text === null) continue;
    const rootRel = rel(resolve(rootDir));
    const abs = join(scratchSchemas, file.slice(rootRel.length + 1));
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, text);
  }
}

/** Watches schemas/ and reloads the served set; emits 'reload' (ReloadResult) after every batch. */
export class SchemaWatcher<S = unknown> extends EventEmitter<{ reload: [ReloadResult] }> {
  /** resolves when the folder is watched and its texts are read (edits before that are not seen) */
  readonly ready: Promise<void>;
  private readonly fsw: FSWatcher;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** the text of every file as in the served set (repository-relative path → text) */
  private good: Promise<Map<string, string>>;

  constructor(private readonly opts: SchemaWatcherOptions<S>) {
    super();
    const root = resolve(opts.rootDir);
    this.good = readJsonTree(root);
    this.good.catch(() => {});
    this.fsw = chokidar.watch(root, {
      ignoreInitial: true,
      // the checker reads *.json only: temporary files of the studio (.x.json.tmp) and of sed (sedXXXXXX) are no edit
      ignored: (path, stats) => (stats?.isFile() ?? false) && !path.endsWith('.json'),
    });
    this.fsw.on('all', () => this.schedule());
    this.fsw.on('error', (e) => opts.log.error(`schemas watcher: ${e instanceof Error ? e.message : String(e)}`));
    // ready once the folder is watched and the last good texts are read (an edit before that would count as good)
    this.ready = Promise.all([new Promise<void>((ok) => this.fsw.once('ready', () => ok())), this.good.then(() => {}, () => {})]).then(() => {});
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) {
        this.again = true;
        return;
      }
      this.running = this.reload().finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.schedule();
        }
      });
    }, this.opts.debounceMs ?? 120);
  }

  private async reload(): Promise<void> {
    let result: ReloadResult;
    try {
      result = await this.reloadOnce();
    } catch (e) {
      result = { status: 'failed', errors: [], kept: [], message: e instanceof Error ? e.message : String(e) };
    }
    if (this.closed) return;
    const { log } = this.opts;
    if (result.status === 'reloaded') log.info('schemas reloaded');
    else if (result.status === 'partial') {
      log.error(`schemas reloaded, except ${result.kept.join(', ')}: ${result.kept.length === 1 ? 'it keeps its' : 'they keep their'} last good version until these errors are fixed:\n${formatErrors(result.errors)}`);
    } else if (result.status === 'unchanged') log.error(`schemas not reloaded, keeping the last good set:\n${formatErrors(result.errors)}`);
    else log.error(`schemas not reloaded, keeping the last good set: ${result.message}`);
    this.emit('reload', result);
  }

  private async reloadOnce(): Promise<ReloadResult> {
    const { rootDir, load, onSet } = this.opts;
    const current = await readJsonTree(rootDir);
    let first: SchemaError[];
    try {
      const set = await load(rootDir);
      if (this.closed) return { status: 'reloaded', errors: [], kept: [] };
      onSet(set);
      this.good = Promise.resolve(current);
      return { status: 'reloaded', errors: [], kept: [] };
    } catch (e) {
      const errors = schemaErrorsOf(e);
      if (!errors) throw e;
      first = errors;
    }
    const good = await this.good.catch(() => new Map<string, string>());
    const revert = new Map<string, string | null>();
    const changed = (file: string) => current.get(file) !== good.get(file);
    const scratch = await mkdtemp(join(tmpdir(), 'schemas-watch-'));
    try {
      let errors = first;
      /** the errors of the files put back, as found when each was put back */
      const reported: SchemaError[] = [];
      for (let round = 0; round < MAX_ROUNDS; round++) {
        // the files to put back: those with errors that differ from their last good text
        const more = [...new Set(errors.map((e) => e.file))].filter((f) => !revert.has(f) && changed(f));
        if (more.length === 0) return { status: 'unchanged', errors: first, kept: [] };
        for (const f of more) revert.set(f, good.get(f) ?? null);
        reported.push(...errors.filter((e) => more.includes(e.file)));
        // named like the real folder: the checker names files relative to its parent (schemas/screens/pdp.json)
        const schemas = join(scratch, `r${round}`, basename(resolve(rootDir)));
        await layOut(rootDir, schemas, revert);
        try {
          const set = await load(schemas);
          if (this.closed) return { status: 'unchanged', errors: first, kept: [] };
          onSet(set);
          const served = new Map(current);
          for (const [f, text] of revert) {
            if (text === null) served.delete(f);
            else served.set(f, text);
          }
          this.good = Promise.resolve(served);
          const kept = [...revert.keys()].sort();
          return { status: 'partial', errors: reported, kept };
        } catch (e) {
          const again = schemaErrorsOf(e);
          if (!again) throw e;
          errors = again;
        }
      }
      return { status: 'unchanged', errors: first, kept: [] };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** Stops watching; a reload under way finishes but serves nothing. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.fsw.close();
    await this.running;
  }
}
