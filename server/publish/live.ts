// The served set in database mode: the live version loaded into memory (checked once per content: the checker and
// the form validators run when a version is first loaded, a cached copy on disk serves later starts), switched at
// once on every instance when the live pointer moves — by PostgreSQL's `ui_published` notification, with a read of
// the pointer every `pollMs` as the fallback (PGlite, or while the notification connection is away).
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, Listen } from '../db/index';
import { ApiError } from '../lib/errors';
import { asVersion, schemaSetHash, SchemaSetError, type DocumentSet, type ServedDocument, type UiDocuments } from '../ui/index';
import { checkDocumentFiles, contentHash, readDocumentFiles, type DocumentFiles } from './files';
import { activeRollout, inRollout, promoteRollout, type RolloutRow } from './rollout';
import { ensureBaseline, liveRow, versionFiles } from './store';

export interface UiVersionsOptions {
  schemasDir: string;
  /** where checked sets are kept on disk, by content (default: none) */
  cacheDir?: string;
  /** how long a replaced set is still served to pages loaded under it (default 10 min) */
  graceMs?: number;
  /** how often the live pointer is read when no notification came (default 1000 ms; 0: never, tests call sync()) */
  pollMs?: number;
  listen?: Listen;
  /** the clock a scheduled rollout's start is compared with (tests; default Date.now) */
  now?: () => number;
  log: { info: (m: string) => void; warn: (m: string) => void; error: (m: unknown, m2?: string) => void };
}

/** Checked sets by content hash (shared by the apps of one process: tests run two instances in one). */
const memo = new Map<string, Promise<DocumentSet>>();
const MEMO_MAX = 8;
const releaseHashes = new Map<string, Promise<string>>();

export class UiVersions {
  private syncing: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  /** switches applied (tests, metrics) */
  switches = 0;
  private readonly switchListeners = new Set<(version: number) => void>();

  constructor(private readonly db: Db, private readonly ui: UiDocuments, private readonly opts: UiVersionsOptions) {}

  get graceMs(): number { return this.opts.graceMs ?? 10 * 60_000; }

  /** Seeds or records the baseline from schemas/ (rules in store.ts ensureBaseline), serves the live version, starts following it. */
  async start(filesSet?: DocumentSet): Promise<void> {
    const files = await readDocumentFiles(this.opts.schemasDir);
    const outcome = await ensureBaseline(this.db, files, async () => {
      if (filesSet) return;
      const checked = await checkDocumentFiles(this.opts.schemasDir, files);
      if (checked.errors) throw new SchemaSetError(checked.errors);
    });
    if (outcome.action === 'kept') this.opts.log.warn(outcome.warning);
    else if (outcome.action !== 'unchanged') this.opts.log.info(`UI documents: baseline ${outcome.action} as version ${outcome.live}`);
    // the files' own set when the live version is exactly them (checked already)
    if (filesSet) memo.set(this.memoKey(contentHash(files)), Promise.resolve(filesSet));
    await this.sync();
    const pollMs = this.opts.pollMs ?? 1000;
    if (this.opts.listen) {
      this.stopListening = this.opts.listen('ui_published', { message: () => void this.sync().catch((e) => this.opts.log.error(e, 'UI documents')), state: (live) => { if (live) void this.sync().catch(() => {}); } });
    }
    if (pollMs > 0) {
      this.timer = setInterval(() => void this.sync().catch((e) => this.opts.log.error(e, 'UI documents')), pollMs);
      this.timer.unref();
    }
  }

  /** Reads the live pointer and, when it moved, loads that version and switches to it. Answers the version served. */
  sync(): Promise<number> {
    if (this.syncing) { this.again = true; return this.syncing; }
    this.syncing = (async () => {
      try {
        let served: number;
        do {
          this.again = false;
          const live = await liveRow(this.db);
          if (!live) throw new Error('ui_live has no row: the baseline was not seeded');
          if (live.versionId !== this.ui.version) await this.switchTo(live.versionId);
          served = this.ui.version!;
          if (await this.followRollout(await activeRollout(this.db))) this.again = true;
        } while (this.again);
        return served;
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /**
   * Serves the active rollout's version to its share of sessions once its start time has come (none: the live set
   * only). A scheduled publish (share 100) whose time has come is promoted here — by whichever instance looks first;
   * answers true then (the pointer moved: read it again).
   */
  private async followRollout(r: RolloutRow | null): Promise<boolean> {
    const now = (this.opts.now ?? Date.now)();
    if (!r || r.startsAt.getTime() > now) {
      this.ui.setRollout(null, this.graceMs, now);
      return false;
    }
    if (r.share >= 100) {
      try {
        await promoteRollout(this.db, r.id, null, new Date(now));
        this.opts.log.info(`UI documents: scheduled version ${r.versionId} (rollout ${r.id}) is live`);
      } catch (e) {
        // another instance promoted it, or the live version moved since it was made (then it stays unserved)
        if (!(e instanceof ApiError && e.statusCode === 409)) throw e;
        if (e.reason !== 'liveMoved') return true;
        if (this.warnedRollout !== r.id) this.opts.log.warn(`UI documents: rollout ${r.id} was made on version ${r.baseVersionId}, the live version moved since: not promoted (stop it)`);
        this.warnedRollout = r.id;
        this.ui.setRollout(null, this.graceMs, now);
        return false;
      }
      return true;
    }
    let set = this.rolloutSet?.id === r.id ? this.rolloutSet.set : null;
    if (!set) {
      const files = await versionFiles(this.db, r.versionId);
      if (!files) throw new Error(`UI version ${r.versionId} does not exist`);
      set = asVersion(await this.setOf(files), r.versionId);
      this.rolloutSet = { id: r.id, set };
      this.opts.log.info(`UI documents: serving version ${r.versionId} to ${r.share} % of sessions (rollout ${r.id})`);
    }
    const info = { id: r.id, share: r.share };
    this.ui.setRollout({ info, set, serves: (sessionId) => inRollout(info, sessionId) }, this.graceMs, now);
    return false;
  }

  private warnedRollout: number | null = null;
  /** the set object of the running rollout (one object per rollout: the served sets compare it by identity) */
  private rolloutSet: { id: number; set: DocumentSet } | null = null;

  private async switchTo(versionId: number): Promise<void> {
    const files = await versionFiles(this.db, versionId);
    if (!files) throw new Error(`UI version ${versionId} does not exist`);
    const set = await this.setOf(files);
    this.ui.swap(asVersion(set, versionId), this.graceMs);
    this.switches += 1;
    this.opts.log.info(`UI documents: serving version ${versionId}`);
    for (const l of [...this.switchListeners]) l(versionId);
  }

  private memoKey(hash: string): string { return `${this.opts.schemasDir}\0${hash}`; }

  /** The checked set of these documents (memory, then disk, else checked now); throws SchemaSetError when it does not pass. */
  setOf(files: DocumentFiles, checked?: DocumentSet): Promise<DocumentSet> {
    const key = this.memoKey(contentHash(files));
    let p = memo.get(key);
    if (!p) {
      p = checked ? Promise.resolve(checked) : this.load(files);
      memo.set(key, p);
      p.catch(() => memo.delete(key));
      while (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value as string);
    }
    return p;
  }

  private async load(files: DocumentFiles): Promise<DocumentSet> {
    const file = await this.cacheFile(contentHash(files));
    if (file) {
      try {
        const cached = JSON.parse(await readFile(file, 'utf8')) as { docs: Array<[string, ServedDocument]>; manifest: DocumentSet['manifest'] };
        return { docs: new Map(cached.docs), manifest: cached.manifest };
      } catch { /* not cached yet */ }
    }
    const checked = await checkDocumentFiles(this.opts.schemasDir, files);
    if (checked.errors) throw new SchemaSetError(checked.errors);
    if (file) {
      try {
        const dir = join(file, '..');
        mkdirSync(dir, { recursive: true });
        const old = readdirSync(dir).filter((f) => f.endsWith('.json'));
        if (old.length > 16) for (const f of old) rmSync(join(dir, f), { force: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, JSON.stringify({ docs: [...checked.set.docs], manifest: checked.set.manifest }));
        renameSync(tmp, file);
      } catch { /* a read-only cache still serves */ }
    }
    return checked.set;
  }

  /** The disk cache file of a content: keyed by it and by the release (the checker, the other folders of schemas/). */
  private async cacheFile(hash: string): Promise<string | null> {
    if (!this.opts.cacheDir) return null;
    let release = releaseHashes.get(this.opts.schemasDir);
    if (!release) { release = schemaSetHash(this.opts.schemasDir); releaseHashes.set(this.opts.schemasDir, release); }
    return join(this.opts.cacheDir, 'ui-versions', `${hash.slice(0, 32)}-${(await release).slice(0, 16)}.json`);
  }

  /** The version served once this instance serves `version` (at once when it does already). */
  serving(version: number): Promise<number> {
    if (this.ui.version === version) return Promise.resolve(version);
    return new Promise((done) => {
      const l = (v: number) => { if (v === version) { this.switchListeners.delete(l); done(v); } };
      this.switchListeners.add(l);
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopListening?.();
    this.stopListening = null;
  }
}
