/**
 * The HTTP client of the contract: calls by name from schemas/api/paths.json, adds `lang: 1|2` and the
 * bearer token, retries once after refreshing the token on 401 (reloads the page if the refresh fails),
 * counts in-flight requests into ui.loader and turns `{ errors: [...] }` into an ApiError.
 * Free of browser globals at module top level (the schema tooling imports action files in Node).
 */
import pathsJson from '../../schemas/api/paths.json';
import type { Stores } from '../stores';
import { ApiError, toApiError } from './errors';

export { ApiError };
/**
 * Whether a 401 is about the bearer token (refresh + retry) rather than a refused sign-in or a missing
 * sign-in (AuthenticationError, UnauthorizedError: no retry). A 401 without a typed body counts as a token one.
 */
async function isTokenRejection(res: Response): Promise<boolean> {
  try {
    const text = await res.clone().text();
    const type = text ? (JSON.parse(text) as { errors?: Array<{ type?: unknown }> })?.errors?.[0]?.type : undefined;
    return type === undefined || type === 'InvalidTokenError';
  } catch {
    return true;
  }
}

export type CallName = Exclude<keyof typeof pathsJson, '$comment'>;
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
  /** called when refreshing the token fails (default: location.reload()) */
  reload?: () => void;
  /** origin for absolute URLs (tests); default: relative */
  baseUrl?: string;
}

/**
 * The key of a GET call's answer in the page's boot data (server/ui/page.ts `callKey`, the same rule): the call's
 * name and its query without empty values, sorted by name.
 */
export function callKey(name: string, query: Query = {}): string {
  const q = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]): [string, string] => [k, String(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${name}?${new URLSearchParams(q).toString()}`;
}

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
  private refreshing: Promise<boolean> | null = null;
  private docCache = new Map<string, Promise<unknown>>();
  /** answers that came with the page, each taken once by the first matching GET call */
  private seeded = new Map<string, unknown>();
  /** the token request of the boot: calls wait for it instead of going out without a token */
  private tokenPending: Promise<unknown> | null = null;

  constructor(opts: ApiClientOptions) {
    this.stores = opts.stores;
    this.fetchFn = opts.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
    this.reload = opts.reload ?? (() => globalThis.location.reload());
    this.baseUrl = opts.baseUrl ?? '';
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
    return h;
  }

  private async parse(res: Response): Promise<unknown> {
    const text = await res.text();
    if (!text) return null;
    try { return JSON.parse(text); } catch { return text; }
  }

  /** Call a contract endpoint by name; resolves the parsed JSON body, rejects with ApiError. */
  async call<T = any>(name: CallName, opts: CallOptions = {}): Promise<T> {
    if (this.seeded.size > 0 && PATHS[name]?.method === 'GET') {
      const key = callKey(name, opts.query);
      if (this.seeded.has(key)) {
        const body = this.seeded.get(key);
        this.seeded.delete(key);
        return body as T;
      }
    }
    if (this.tokenPending && name !== 'authToken' && name !== 'refreshToken') await this.tokenPending;
    const { ui } = this.stores;
    if (!opts.silent) ui.requestStarted();
    try {
      let res = await this.send(name, opts);
      if (res.status === 401 && name !== 'refreshToken' && name !== 'authToken' && await isTokenRejection(res)) {
        const ok = await this.refreshToken();
        if (!ok) {
          this.reload();
          throw toApiError(401, await this.parse(res), this.fallbackMessage());
        }
        res = await this.send(name, opts);
      }
      const body = await this.parse(res);
      if (!res.ok) throw toApiError(res.status, body, this.fallbackMessage());
      return body as T;
    } finally {
      if (!opts.silent) ui.requestEnded();
    }
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

  /** GET authToken → session.token (also creates the anonymous session cookie). */
  fetchToken(): Promise<string> {
    const p = (async () => {
      const body = await this.call<{ data: { token: string } }>('authToken', { silent: true });
      const token = body?.data?.token;
      if (!token) throw new ApiError(500, 'InvalidTokenError', this.fallbackMessage(), undefined, []);
      this.stores.session.setToken(token);
      return token;
    })();
    const pending: Promise<unknown> = p.then(() => undefined, () => undefined);
    this.tokenPending = pending;
    void pending.then(() => { if (this.tokenPending === pending) this.tokenPending = null; });
    return p;
  }

  /**
   * Takes what the page brought (boot data): the documents answer getDocument at once, each call answer is
   * taken by the first GET call of the same name and query (the screen's load), later calls go to the network.
   */
  /** Forgets the call answers of the boot data no call took (they are only good for the first view). */
  dropSeededCalls(): void {
    this.seeded.clear();
  }

  seed(seed: ApiSeed): void {
    for (const [path, json] of Object.entries(seed.docs ?? {})) this.docCache.set(path, Promise.resolve(json));
    for (const [key, body] of Object.entries(seed.calls ?? {})) this.seeded.set(key, body);
  }

  /** One refresh at a time; concurrent 401s share it. Resolves false when the refresh failed. */
  refreshToken(): Promise<boolean> {
    if (!this.refreshing) {
      this.refreshing = (async () => {
        try {
          const res = await this.send('refreshToken', {});
          if (!res.ok) return false;
          const body = (await this.parse(res)) as { data?: { response?: string } } | null;
          const token = body?.data?.response;
          if (!token) return false;
          this.stores.session.setToken(token);
          return true;
        } catch {
          return false;
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
  getDocument<T = any>(path: string, opts: { cache?: boolean } = {}): Promise<T> {
    const useCache = opts.cache !== false;
    const hit = useCache ? this.docCache.get(path) : undefined;
    if (hit) return hit as Promise<T>;
    const p = (async () => {
      const res = await this.fetchFn(`${this.baseUrl}${path}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      const body = await this.parse(res);
      if (!res.ok) throw toApiError(res.status, body, this.fallbackMessage());
      return body;
    })();
    if (useCache) {
      this.docCache.set(path, p);
      p.catch(() => this.docCache.delete(path));
    }
    return p as Promise<T>;
  }

  /** Drops a UI document from the memory cache (live updates: the next getDocument fetches it again). */
  forgetDocument(path: string): void {
    this.docCache.delete(path);
  }
}
