/**
 * The HTTP client of the contract: calls by name from schemas/api/paths.json, adds `lang: 1|2` and the
 * bearer token, retries once after refreshing the token on 401, counts in-flight requests into ui.loader and
 * turns `{ errors: [...] }` into an ApiError.
 * Limits never reload the page: a 429 (token, refresh or any call) shows the server's message in a toast and
 * rejects. The page reloads only when the refresh itself is refused (a real 401), at most once per
 * RELOAD_GUARD_MS in a tab (a sessionStorage marker), never for 429/5xx/network errors. The token is asked for
 * once per page (`token()` shares the answer; a failed answer is kept until the server's Retry-After).
 * Free of browser globals at module top level (the schema tooling imports action files in Node).
 */
import pathsJson from '../../schemas/api/paths.json';
import type { ApiOperations } from '../../schemas/types/api.operations';
import type { Stores } from '../stores';
import { Unanswered } from './unanswered';
import { ApiError, isTokenRejection, toApiError } from './errors';
import { withLoadTimeout } from '../stores/timeouts';
import { callKey } from '../../core/boot-data';
import { defaultStorage, RELOAD_GUARD_MS, RELOAD_MARKER, retryAfterMs, TOKEN_RETRY_MS } from './token-timing';

export { ApiError };
export { RELOAD_GUARD_MS, RELOAD_MARKER, TOKEN_RETRY_MS };

/** What a token refresh gave: a new token (true), a refusal, or an error that is not about the token. */
export type RefreshOutcome = true | 'refused' | ApiError;
export type CallName = Exclude<keyof typeof pathsJson, '$comment'>;
/** The 200 answer of a call, as the contract types it (schemas/api/paths.json `response` → schemas/types/api.operations.ts). */
export type ResponseOf<N extends CallName> = ApiOperations[N]['response'];
export interface PathDef { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }
export const PATHS = pathsJson as unknown as Record<CallName, PathDef>;

export type Query = Record<string, string | number | boolean | null | undefined>;
export interface CallOptions {
  body?: unknown;
  query?: Query;
  /** do not count the call into the page loader */
  silent?: boolean;
}

export interface ApiClientOptions {
  stores: Stores;
  fetch?: typeof fetch;
  /** called when the token refresh is refused (default: location.reload()) */
  reload?: () => void;
  /** origin for absolute URLs (tests); default: relative */
  baseUrl?: string;
  /** where the reload marker lives (default: sessionStorage when there is one) */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** the clock (tests) */
  now?: () => number;
  /** Told each successful GET answer with the call's key in boot data (core/boot-data.ts callKey) and address: the
   *  server's drawing of a first view (renderer/entry-server.tsx) writes what the screen's own load asked into the
   *  page, so the browser's load takes the same answers without a request. */
  onAnswer?: (answer: { key: string; url: string; body: unknown }) => void;
  /** Told each UI document fetched (not one the boot data brought): the server's drawing of a first view writes them
   *  into the page too (renderer/entry-server.tsx). */
  onDocument?: (path: string, body: unknown) => void;
}

/** The token answer: `{ data: { token, authorized } }`. */
export interface TokenAnswer { token: string; authorized: boolean }

const TOKEN_CALLS: ReadonlySet<string> = new Set(['authToken', 'refreshToken']);

/** What the page brought with it (renderer/boot-data.ts): UI documents by path, answers of GET calls by callKey. */
export interface ApiSeed {
  docs?: Record<string, unknown>;
  calls?: Record<string, unknown>;
}

export class ApiClient {
  private readonly stores: Stores;
  private readonly fetchFn: typeof fetch;
  private readonly reload: () => void;
  private readonly baseUrl: string;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  private readonly now: () => number;
  private readonly onAnswer: ApiClientOptions['onAnswer'];
  private readonly onDocument: ApiClientOptions['onDocument'];
  private refreshing: Promise<RefreshOutcome> | null = null;
  private tokenAnswer: Promise<TokenAnswer> | null = null;
  /** the error of the last failed token answer, and until when it stands */
  private tokenFailure: { error: ApiError; until: number } | null = null;
  /** the Retry-After of the last 429 */
  private lastRetryAfter = TOKEN_RETRY_MS;
  private docCache = new Map<string, Promise<unknown>>();
  /**
   * The published version of the UI documents the page runs on (the manifest's `version`, when the server serves them
   * from the database): documents are asked for as `?set=N`, so that a page never mixes versions across a publish, and
   * API calls name it (`X-UI-Version`: an order records it). null: the server serves files, nothing is added.
   */
  uiVersion: number | null = null;
  /** answers that came with the page, each taken once by the first matching GET call */
  private seeded = new Map<string, unknown>();
  /** the token request of the boot: calls wait for it instead of going out without a token */
  private tokenPending: Promise<unknown> | null = null;
  /** calls not answered yet (settled()) */
  private readonly unanswered = new Unanswered();

  constructor(opts: ApiClientOptions) {
    this.stores = opts.stores;
    this.fetchFn = opts.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
    this.reload = opts.reload ?? (() => globalThis.location.reload());
    this.baseUrl = opts.baseUrl ?? '';
    this.storage = opts.storage === undefined ? defaultStorage() : opts.storage;
    this.now = opts.now ?? Date.now;
    this.onAnswer = opts.onAnswer;
    this.onDocument = opts.onDocument;
  }

  private fallbackMessage(): string {
    return this.stores.session.t('error.generic');
  }

  url(name: CallName, query?: Query): string {
    const def = PATHS[name];
    if (!def) throw new Error(`Unknown API call "${String(name)}"`);
    const qs = new URLSearchParams();
    if (query) for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    return `${this.baseUrl}${def.path}${s ? `?${s}` : ''}`;
  }

  private headers(hasBody: boolean): Record<string, string> {
    const h: Record<string, string> = { lang: this.stores.session.lang === 'en' ? '2' : '1', accept: 'application/json' };
    if (hasBody) h['content-type'] = 'application/json';
    if (this.stores.session.token) h.authorization = `Bearer ${this.stores.session.token}`;
    if (this.uiVersion !== null) h['x-ui-version'] = String(this.uiVersion);
    return h;
  }

  private async parse(res: Response): Promise<unknown> {
    const text = await res.text();
    if (!text) return null;
    try { return JSON.parse(text); } catch { return text; }
  }

  /** Call a contract endpoint by name; resolves the parsed JSON body, rejects with ApiError. */
  call<N extends CallName>(name: N, opts: CallOptions = {}): Promise<ResponseOf<N>> {
    return this.unanswered.track(this.ask(name, opts));
  }

  /** Resolves once no call waits for its answer and what the answers started has run (Unanswered.settled). The
   *  server's first view waits for it: it draws what the browser, given the same answers with the page, draws. */
  settled(): Promise<void> {
    return this.unanswered.settled();
  }

  private async ask<N extends CallName>(name: N, opts: CallOptions): Promise<ResponseOf<N>> {
    if (this.seeded.size > 0 && PATHS[name]?.method === 'GET') {
      const key = callKey(name, opts.query);
      if (this.seeded.has(key)) {
        const body = this.seeded.get(key);
        this.seeded.delete(key);
        return body as ResponseOf<N>;
      }
    }
    if (this.tokenPending && name !== 'authToken' && name !== 'refreshToken') await this.tokenPending;
    const { ui } = this.stores;
    // no token because the token call was refused (e.g. its limit): say so again instead of a request bound to fail
    const failure = this.tokenFailure;
    if (!this.stores.session.token && failure && !TOKEN_CALLS.has(name) && this.now() < failure.until) throw this.told(failure.error);
    if (!opts.silent) ui.requestStarted();
    try {
      let res = await this.send(name, opts);
      if (res.status === 401 && !TOKEN_CALLS.has(name) && await isTokenRejection(res)) {
        const refreshed = await this.refreshToken();
        if (refreshed !== true) {
          // a limit, a server or network error: the shopper is told, the page stays
          if (refreshed instanceof ApiError) throw this.told(refreshed);
          const error = toApiError(401, await this.parse(res), this.fallbackMessage());
          if (!this.reloadOnce()) this.stores.ui.showToast({ kind: 'error', text: error.message });
          throw error;
        }
        res = await this.send(name, opts);
      }
      const body = await this.parse(res);
      if (!res.ok) {
        const error = toApiError(res.status, body, this.fallbackMessage());
        if (res.status === 429) this.lastRetryAfter = retryAfterMs(res);
        throw res.status === 429 ? this.told(error) : error;
      }
      if (this.onAnswer && PATHS[name]?.method === 'GET') this.onAnswer({ key: callKey(name, opts.query), url: this.url(name, opts.query), body });
      return body as ResponseOf<N>;
    } finally {
      if (!opts.silent) ui.requestEnded();
    }
  }

  /** A limit (429) is always told in a toast, whoever catches the error (dispatch shows the same toast once). */
  private told(e: ApiError): ApiError {
    if (e.status === 429) this.stores.ui.showToast({ kind: 'error', text: e.message });
    return e;
  }

  /** Reloads the page for a refused refresh unless this tab did so within RELOAD_GUARD_MS. */
  private reloadOnce(): boolean {
    const now = this.now();
    let last = NaN;
    try {
      last = Number(this.storage?.getItem(RELOAD_MARKER));
    } catch { /* storage refused: reload guarded by nothing but the marker write below */ }
    if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    try {
      this.storage?.setItem(RELOAD_MARKER, String(now));
    } catch {
      return false; // without a marker a reload could loop: stay on the page
    }
    this.reload();
    return true;
  }

  private async send(name: CallName, opts: CallOptions): Promise<Response> {
    const def = PATHS[name];
    const hasBody = opts.body !== undefined && def.method !== 'GET';
    try {
      return await this.fetchFn(this.url(name, opts.query), {
        method: def.method,
        headers: this.headers(hasBody),
        body: hasBody ? JSON.stringify(opts.body) : undefined,
        credentials: 'same-origin',
        cache: name === 'cart' ? 'no-store' : 'default',
      });
    } catch {
      throw new ApiError(0, 'NetworkError', this.fallbackMessage(), undefined, []);
    }
  }

  /**
   * The page's token answer (GET authToken: also creates the anonymous session cookie): asked once, concurrent and
   * later callers share it; `fresh` asks again (after sign-in / sign-out). A failed answer is kept until the
   * server's Retry-After (a limit is not asked again and again).
   */
  token(opts: { fresh?: boolean } = {}): Promise<TokenAnswer> {
    const failure = this.tokenFailure;
    if (!opts.fresh && this.tokenAnswer && (!failure || this.now() < failure.until)) return this.tokenAnswer;
    const p = (async () => {
      try {
        const body = await this.call('authToken', { silent: true });
        const token = body?.data?.token;
        if (!token) throw new ApiError(500, 'InvalidTokenError', this.fallbackMessage(), undefined, []);
        this.tokenFailure = null;
        this.stores.session.setToken(token);
        return { token, authorized: body?.data?.authorized === true };
      } catch (e) {
        const error = e instanceof ApiError ? e : new ApiError(0, 'NetworkError', this.fallbackMessage(), undefined, []);
        this.tokenFailure = { error, until: this.now() + (error.status === 429 ? this.lastRetryAfter : TOKEN_RETRY_MS) };
        throw error;
      }
    })();
    this.tokenAnswer = p;
    // calls made meanwhile (the boot's first screen load) wait for it instead of going out without a token
    const pending: Promise<unknown> = p.then(() => undefined, () => undefined);
    this.tokenPending = pending;
    void pending.then(() => { if (this.tokenPending === pending) this.tokenPending = null; });
    return p;
  }

  /** Forgets the call answers of the boot data no call took (they are only good for the first view). */
  dropSeededCalls(): void {
    this.seeded.clear();
  }

  /**
   * Takes what the page brought (boot data): the documents answer getDocument at once, each call answer is
   * taken by the first GET call of the same name and query (the screen's load), later calls go to the network.
   */
  seed(seed: ApiSeed): void {
    for (const [path, json] of Object.entries(seed.docs ?? {})) this.docCache.set(path, Promise.resolve(json));
    for (const [key, body] of Object.entries(seed.calls ?? {})) this.seeded.set(key, body);
  }

  /** GET authToken → session.token (a fresh answer: boot, after sign-in and sign-out). */
  async fetchToken(): Promise<string> {
    return (await this.token({ fresh: true })).token;
  }

  /**
   * One refresh at a time; concurrent 401s share it. true = a new token; 'refused' = the server refused it (a real
   * 401 or a bad answer: the page may reload); an ApiError = a limit, server or network error (no reload).
   */
  refreshToken(): Promise<RefreshOutcome> {
    if (!this.refreshing) {
      this.refreshing = (async (): Promise<RefreshOutcome> => {
        try {
          let res: Response;
          try {
            res = await this.send('refreshToken', {});
          } catch (e) {
            return e instanceof ApiError ? e : new ApiError(0, 'NetworkError', this.fallbackMessage(), undefined, []);
          }
          if (res.status === 429 || res.status >= 500) return toApiError(res.status, await this.parse(res), this.fallbackMessage());
          if (!res.ok) return 'refused';
          const body = (await this.parse(res)) as { data?: { response?: string } } | null;
          const token = body?.data?.response;
          if (!token) return 'refused';
          this.stores.session.setToken(token);
          return true;
        } finally {
          this.refreshing = null;
        }
      })();
    }
    return this.refreshing;
  }

  /**
   * GET a UI document (/ui/manifest, /ui/screens/:id, ...). Cached in memory per path for the page's life
   * (`cache: false` skips it); the browser HTTP cache with ETag revalidates across loads.
   */
  getDocument<T = unknown>(path: string, opts: { cache?: boolean } = {}): Promise<T> {
    const useCache = opts.cache !== false;
    const hit = useCache ? this.docCache.get(path) : undefined;
    if (hit) return hit as Promise<T>;
    // a document (screen, form, messages) is a lazily loaded part: not here within the lazy-load limit, it fails and
    // leaves the cache, so the retry asks again (actions/stores/timeouts.ts)
    const p = withLoadTimeout((async () => {
      const versioned = this.uiVersion !== null && path.startsWith('/ui/') && path !== '/ui/manifest';
      const address = versioned ? `${path}${path.includes('?') ? '&' : '?'}set=${this.uiVersion}` : path;
      const res = await this.fetchFn(`${this.baseUrl}${address}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      const body = await this.parse(res);
      if (!res.ok) throw toApiError(res.status, body, this.fallbackMessage());
      this.onDocument?.(path, body);
      return body;
    })(), `document ${path}`);
    if (useCache) {
      this.docCache.set(path, p);
      p.catch(() => this.docCache.delete(path));
    }
    return p as Promise<T>;
  }

  /** The manifest's published version (see uiVersion); a manifest without one (files) leaves documents unversioned. */
  setUiVersion(version: unknown): void {
    this.uiVersion = typeof version === 'number' && Number.isSafeInteger(version) && version > 0 ? version : null;
  }

  /** Drops a UI document from the memory cache (live updates: the next getDocument fetches it again). */
  forgetDocument(path: string): void {
    this.docCache.delete(path);
  }
}
