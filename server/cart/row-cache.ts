// The open cart row per session, kept in memory ONLY when this process is the database's sole user (the embedded
// PGlite: one process owns its folder). Every request except the pure reads marked `config.cartReadOnly` (cart
// GET, the catalogue) clears it when it answers; a read stores what it read only if no such request answered since
// it started (an epoch), so a row read before a concurrent write committed is never kept. With PostgreSQL (several
// instances possible) it is not used and every cart read asks the database.
import type { CartRow } from './service';

export class CartRowCache {
  private epoch = 0;
  private readonly rows = new Map<string, { epoch: number; row: CartRow }>();

  /** Call before reading the database; pass the value to set(). */
  begin(): number {
    return this.epoch;
  }

  get(sessionId: string): CartRow | null {
    const e = this.rows.get(sessionId);
    return e && e.epoch === this.epoch ? e.row : null;
  }

  set(sessionId: string, row: CartRow, startedAt: number): void {
    if (startedAt !== this.epoch) return;
    if (this.rows.size >= 20000) this.rows.clear();
    this.rows.set(sessionId, { epoch: startedAt, row });
  }

  invalidate(): void {
    this.epoch++;
    this.rows.clear();
  }
}
