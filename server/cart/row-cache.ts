// The open cart row per session, kept in memory for the cart reads (GET cart, fullCart), in two set-ups:
// - this process is the database's sole user (the embedded PGlite: one process owns its folder);
// - PostgreSQL with a change feed (server/db listen): every change of a cart row or a session's revocation, made by
//   any instance or by hand, is announced by a trigger (migration 0023, channel `cart_changed`, the session's id),
//   and each instance forgets that session's row when the announcement arrives. While the feed is not connected
//   nothing is kept. A row is kept 2 s at most, so an announcement lost in a way the connection did not tell still
//   ages out.
// Every request of this process except the pure reads marked `config.cartReadOnly` clears it when it answers. A
// read stores what it read only if nothing invalidated its session (or everything) since it started, so a row read
// before a concurrent write committed is never kept.
import type { CartRow } from './service';

/** How long a row is kept at most (ms). */
const MAX_AGE_MS = 2000;
/** Rows kept at most (then the cache starts over). */
const MAX_ROWS = 20000;

export class CartRowCache {
  private epoch = 0;
  private readonly sessionEpochs = new Map<string, number>();
  private readonly rows = new Map<string, { token: string; row: CartRow; at: number }>();
  /** false while a change feed this cache depends on is not connected: nothing is read or kept */
  private live: boolean;

  constructor(opts: { live?: boolean } = {}) {
    this.live = opts.live ?? true;
  }

  private token(sessionId: string): string {
    return `${this.epoch}:${this.sessionEpochs.get(sessionId) ?? 0}`;
  }

  /** Call before reading the database; pass the value to set(). */
  begin(sessionId: string): string {
    return this.token(sessionId);
  }

  get(sessionId: string): CartRow | null {
    if (!this.live) return null;
    const e = this.rows.get(sessionId);
    if (!e || e.token !== this.token(sessionId)) return null;
    if (Date.now() - e.at > MAX_AGE_MS) {
      this.rows.delete(sessionId);
      return null;
    }
    return e.row;
  }

  set(sessionId: string, row: CartRow, startedAt: string): void {
    if (!this.live || startedAt !== this.token(sessionId)) return;
    if (this.rows.size >= MAX_ROWS) this.rows.clear();
    this.rows.set(sessionId, { token: startedAt, row, at: Date.now() });
  }

  /** Forgets every row (a change made by this process). */
  invalidate(): void {
    this.epoch++;
    this.rows.clear();
    this.sessionEpochs.clear();
  }

  /** Forgets one session's row (the change feed announced it). */
  invalidateSession(sessionId: string): void {
    if (this.sessionEpochs.size >= MAX_ROWS) {
      this.invalidate();
      return;
    }
    this.sessionEpochs.set(sessionId, (this.sessionEpochs.get(sessionId) ?? 0) + 1);
    this.rows.delete(sessionId);
  }

  /** The change feed connected (true) or was lost (false): either way what is kept may be stale. */
  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }
}
