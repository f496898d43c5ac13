// Sign-in failure throttle: at most `limit` attempts per key (an account, an address) within `windowMs` of the
// first failure. Every attempt is counted before the password is checked (so parallel guesses cannot slip past
// the limit), a refused attempt is not counted, and a successful sign-in clears the account's counter — so only
// failures add up. Counters live in Redis when the app has one (shared by every instance), else in memory.
import type { Redis } from 'ioredis';

export interface Attempt { allowed: boolean; retryAfterMs: number }

export interface FailureCounter {
  /** Counts an attempt; refused (not counted) when `limit` attempts are already in the window. */
  attempt(key: string, limit: number, windowMs: number): Promise<Attempt>;
  /** Forgets the key's attempts (a successful sign-in of the account). */
  clear(key: string): Promise<void>;
  /** Gives one attempt back (an attempt that did not fail, on a shared key such as the address). */
  release(key: string): Promise<void>;
}

// INCR, start the window on the first attempt, give the attempt back when over the limit; one round trip, atomic.
const ATTEMPT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]); return {0, ttl} end
return {1, ttl}`;

const RELEASE_SCRIPT = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end return 1`;

/** Redis counters (shared by every instance); while Redis does not answer, this instance counts in memory. */
export function redisFailureCounter(redis: Redis, prefix: string, warn: (msg: string) => void = () => {}): FailureCounter {
  const fallback = memoryFailureCounter();
  // a warning once per outage (not per request); cleared when Redis answers again
  let down = false;
  return {
    async attempt(key, limit, windowMs) {
      try {
        const [ok, ttl] = await redis.eval(ATTEMPT_SCRIPT, 1, `${prefix}${key}`, String(limit), String(windowMs)) as [number, number];
        down = false;
        return { allowed: ok === 1, retryAfterMs: Number(ttl) };
      } catch (e) {
        if (!down) { down = true; warn(`sign-in throttle: Redis does not answer (${(e as Error).message}); counting in this instance's memory until it does`); }
        return fallback.attempt(key, limit, windowMs);
      }
    },
    async clear(key) { await Promise.all([redis.del(`${prefix}${key}`).catch(() => 0), fallback.clear(key)]); },
    async release(key) { await Promise.all([redis.eval(RELEASE_SCRIPT, 1, `${prefix}${key}`).catch(() => 0), fallback.release(key)]); },
  };
}

export function memoryFailureCounter(now: () => number = Date.now): FailureCounter {
  const counts = new Map<string, { n: number; resetAt: number }>();
  let sweptAt = now();
  const sweep = (t: number) => {
    if (t - sweptAt < 60_000) return;
    sweptAt = t;
    for (const [k, v] of counts) if (v.resetAt <= t) counts.delete(k);
  };
  return {
    async attempt(key, limit, windowMs) {
      const t = now();
      sweep(t);
      let c = counts.get(key);
      if (!c || c.resetAt <= t) { c = { n: 0, resetAt: t + windowMs }; counts.set(key, c); }
      if (c.n >= limit) return { allowed: false, retryAfterMs: c.resetAt - t };
      c.n += 1;
      return { allowed: true, retryAfterMs: c.resetAt - t };
    },
    async clear(key) { counts.delete(key); },
    async release(key) { const c = counts.get(key); if (c && c.n > 0) c.n -= 1; },
  };
}
