// The store of @fastify/rate-limit's per-route limits when the app has Redis (issue 24): Redis's counters, shared by
// every instance, and while Redis does not answer this instance's memory (the plugin's LocalStore) with a warning
// logged once per outage — the per-route limits are never off (skipOnError would serve every request unlimited).
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

const require = createRequire(import.meta.url);

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (...a: unknown[]) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

export interface OutageLog { warn(msg: string): void; info(msg: string): void }

/** One outage state for a store and its per-route children: a warning when Redis fails, a note when it is back. */
class Outage {
  private down = false;
  constructor(private readonly log: OutageLog) {}
  failed(err: Error) {
    if (this.down) return;
    this.down = true;
    this.log.warn(`rate limits: Redis does not answer (${err.message}); counting in this instance's memory until it does`);
  }
  answered() {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate limits: Redis answers again');
  }
}

class FallbackStore implements Store {
  constructor(private readonly redis: Store, private readonly memory: Store, private readonly outage: Outage) {}
  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.redis.incr(key, (err, res) => {
      if (err) { this.outage.failed(err); this.memory.incr(key, cb, timeWindow, max); return; }
      this.outage.answered();
      cb(null, res);
    }, timeWindow, max);
  }
  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.redis.read!(key, (err, res) => {
      if (err) { this.outage.failed(err); this.memory.read!(key, cb, timeWindow, max); return; }
      cb(null, res);
    }, timeWindow, max);
  }
  child(routeOptions: unknown): Store {
    return new FallbackStore(this.redis.child(routeOptions), this.memory.child(routeOptions), this.outage);
  }
}

/** The `store` option of @fastify/rate-limit: a class the plugin builds with its global parameters. */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string, log: OutageLog) {
  const outage = new Outage(log);
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin builds its store with `new`; the class hands back a store sharing this outage state
      return new FallbackStore(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
        outage,
      );
    }
  };
}
