// Send and attempt limits shared by every instance (issue 24): how many one-time codes and other messages may go to
// one target (an e-mail address or a mobile number), one account and one client address, how soon a code may be
// sent again to the same target, how many wrong codes a target takes across codes before it is locked, and how
// many existence checks an address or a session may make. Built on rate-limiter-flexible: the counters live in
// Redis when the app has one (RateLimiterRedis), else in the database (RateLimiterDrizzle on the rate_limits table),
// so they hold across instances. While the store does not answer, each limiter falls back to a per-instance memory
// limiter (insuranceLimiter) and a warning is logged once per outage — the limits are never off.
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Db } from '../db/index';
import { rateLimits } from './schema';
import { ApiError } from './errors';

export interface Rule {
  /** Events allowed in the window. */
  points: number;
  /** The window in seconds (from the first event). */
  duration: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The production numbers (docs/decisions/0003-security-limits.md). */
export const DEFAULT_LIMITS = {
  /** Codes and messages to one e-mail address or mobile number (across purposes and sessions). */
  sendTargetHour: { points: 5, duration: HOUR },
  sendTargetDay: { points: 10, duration: DAY },
  /** Codes and messages a signed-in account asks for. */
  sendAccountHour: { points: 10, duration: HOUR },
  sendAccountDay: { points: 20, duration: DAY },
  /** Codes and messages asked for from one client address. */
  sendAddressHour: { points: 30, duration: HOUR },
  sendAddressDay: { points: 100, duration: DAY },
  /** The resend interval per target: 60 s for SMS (seed 001 §9 timer), 30 s for e-mail. */
  resendSms: { points: 1, duration: 60 },
  resendEmail: { points: 1, duration: 30 },
  /** Wrong codes per target across codes; then the target's codes are locked for the rest of the window. */
  wrongCodeTarget: { points: 10, duration: DAY },
  /** The contact form: per client address and per recipient e-mail. */
  contactAddress: { points: 5, duration: HOUR },
  contactRecipient: { points: 3, duration: DAY },
  /** Existence checks (checkemail, checkusername, register/otp): per client address and per session. */
  lookupAddress: { points: 20, duration: HOUR },
  lookupSession: { points: 10, duration: HOUR },
} satisfies Record<string, Rule>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitSettings = Partial<Record<LimitName, Partial<Rule>>>;

/**
 * Every limit's points multiplied by `factor` (SEND_LIMITS_FACTOR, e.g. for a browser test run that sends many codes
 * from one address); undefined (the production numbers) when it is not a number above 1.
 */
export function scaledLimits(factor: string | undefined): LimitSettings | undefined {
  const f = Number(factor);
  if (!Number.isFinite(f) || f <= 1) return undefined;
  return Object.fromEntries((Object.keys(DEFAULT_LIMITS) as LimitName[]).map((n) => [n, { points: Math.ceil(DEFAULT_LIMITS[n].points * f) }])) as LimitSettings;
}

/** A refusal for too many sends or attempts: 429 with Retry-After (the error handler sets the header). */
export class TooManyError extends ApiError {
  constructor(messageKey: string, readonly retryAfterSeconds: number, reason: string, subject?: string) {
    super(429, 'TooManyRequestsError', messageKey, { seconds: retryAfterSeconds, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }, reason, subject);
  }
}

/** Who asks: the app's limits, the client address, and the session (its account, when signed in, is looked up). */
export interface Requester {
  limits: Limits;
  ip: string;
  sessionId: string | null;
}

/** The requester of a Fastify request. */
export const requesterOf = (req: { server: { ctx: { limits: Limits } }; ip: string; sessionId: string | null }): Requester =>
  ({ limits: req.server.ctx.limits, ip: req.ip, sessionId: req.sessionId });

export interface LimitsLog { warn(msg: string): void; info(msg: string): void }

export interface LimitsOptions {
  db: Db;
  /** Redis when the app has one: the counters live there (else in the database). */
  redis?: Redis | null;
  prefix?: string;
  settings?: LimitSettings;
  log: LimitsLog;
  /**
   * The account a session is bound to (null: anonymous or unknown): the user module's `accountOfSession`, passed in
   * by the composition root (server/app-context.ts) — sessions are the user module's table, above lib.
   */
  accountOf: (sessionId: string) => Promise<number | null>;
}

/**
 * A target's key, one per person whichever module normalised it: e-mail addresses compare case-insensitively, and a
 * phone number is one key in every spelling (+381 64…, 00381 64…, 38164…, 064…).
 */
export function targetKey(target: string): string {
  const t = target.trim().toLowerCase();
  if (t.includes('@')) return t;
  let d = t.replace(/\D/g, '');
  if (d.startsWith('00381')) d = `0${d.slice(5)}`;
  else if (d.startsWith('381')) d = `0${d.slice(3)}`;
  return d || t;
}

export type Hit = readonly [LimitName, string];

export class Limits {
  readonly rules: Record<LimitName, Rule>;
  private readonly limiters = new Map<LimitName, RateLimiterAbstract>();
  private fallbacks = 0;
  private outage = false;
  private readonly sweep: NodeJS.Timeout | null = null;

  constructor(private readonly opts: LimitsOptions) {
    const rules = {} as Record<LimitName, Rule>;
    for (const name of Object.keys(DEFAULT_LIMITS) as LimitName[]) rules[name] = { ...DEFAULT_LIMITS[name], ...opts.settings?.[name] };
    this.rules = rules;
    const prefix = opts.prefix ?? 'orbita:';
    for (const name of Object.keys(rules) as LimitName[]) {
      const { points, duration } = rules[name];
      const insuranceLimiter = new FallbackMemory({ points, duration, keyPrefix: `mem:${name}` }, () => this.fellBack());
      this.limiters.set(name, opts.redis
        ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${prefix}lim:${name}`, points, duration, insuranceLimiter, rejectIfRedisNotReady: true })
        : new RateLimiterDrizzle({ storeClient: opts.db, schema: rateLimits, keyPrefix: name, points, duration, insuranceLimiter, clearExpiredByTimeout: false }));
    }
    // the database store: expired counters are deleted now and then (one sweep per instance; the app closes it)
    if (!opts.redis) {
      this.sweep = setInterval(() => {
        void opts.db.delete(rateLimits).where(sqlExpiredBefore(new Date(Date.now() - HOUR))).catch(() => undefined);
      }, 10 * 60 * 1000);
      this.sweep.unref();
    }
  }

  close(): void { if (this.sweep) clearInterval(this.sweep); }

  private fellBack() {
    this.fallbacks += 1;
    if (!this.outage) {
      this.outage = true;
      this.opts.log.warn(`limits: the ${this.opts.redis ? 'Redis' : 'database'} store does not answer; counting in this instance's memory until it does`);
    }
  }

  /** Runs a store operation; notes the end of an outage when the store answered again. */
  private async run<T>(op: () => Promise<T>): Promise<T> {
    const before = this.fallbacks;
    try {
      return await op();
    } finally {
      if (this.outage && this.fallbacks === before) {
        this.outage = false;
        this.opts.log.info('limits: the store answers again');
      }
    }
  }

  private limiter(name: LimitName): RateLimiterAbstract { return this.limiters.get(name)!; }

  /** Events left for a key (points minus what is used) and ms until its window ends. */
  async state(name: LimitName, key: string): Promise<{ used: number; msBeforeNext: number }> {
    const res = await this.run(() => this.limiter(name).get(key));
    return res ? { used: res.consumedPoints, msBeforeNext: res.msBeforeNext } : { used: 0, msBeforeNext: 0 };
  }

  /**
   * Counts one event on every hit, unless one of them is used up: then nothing is counted (a refused request does not
   * eat the quota of the others) and a TooManyError with `messageKey` (or per-rule key) is thrown.
   */
  async take(hits: readonly Hit[], refuse: (name: LimitName, retryAfterSeconds: number) => TooManyError): Promise<void> {
    for (const [name, key] of hits) {
      const s = await this.state(name, key);
      if (s.used >= this.rules[name].points) throw refuse(name, seconds(s.msBeforeNext));
    }
    // two requests at once may both pass the check: the counting itself refuses the one over the limit
    for (const [name, key] of hits) {
      try {
        await this.run(() => this.limiter(name).consume(key));
      } catch (e) {
        if (e instanceof RateLimiterRes) throw refuse(name, seconds(e.msBeforeNext));
        throw e;
      }
    }
  }

  /** Throws when the key is used up (a locked target), counting nothing. */
  async check(name: LimitName, key: string, refuse: (retryAfterSeconds: number) => TooManyError): Promise<void> {
    const s = await this.state(name, key);
    if (s.used >= this.rules[name].points) throw refuse(seconds(s.msBeforeNext));
  }

  /** Counts one event without refusing (a wrong code: the lock applies from the next attempt). */
  async count(name: LimitName, key: string): Promise<void> {
    try {
      await this.run(() => this.limiter(name).consume(key));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  }

  /** Forgets a key's events (tests; a lock lifted by staff). */
  async reset(name: LimitName, key: string): Promise<void> {
    await this.run(() => this.limiter(name).delete(key));
  }

  /** The signed-in account of a session (null when anonymous). */
  async accountOf(sessionId: string | null): Promise<number | null> {
    if (!sessionId) return null;
    return this.opts.accountOf(sessionId);
  }

  // ---- the rules of issue 24 ----

  /**
   * Before a one-time code or a message goes to `target`: the resend interval of the target (per purpose: a code to
   * remove a number from a register may follow the code that added it at once), the target's, the account's and the
   * client address's sends. Refused: 429 with the wait.
   */
  async send(from: Requester, channel: 'SMS' | 'EMAIL', target: string, opts: { resend?: boolean; purpose?: string } = {}): Promise<void> {
    const t = `${channel}:${targetKey(target)}`;
    const account = await this.accountOf(from.sessionId);
    const hits: Hit[] = [];
    if (opts.resend !== false) hits.push([channel === 'SMS' ? 'resendSms' : 'resendEmail', opts.purpose ? `${t}:${opts.purpose}` : t]);
    hits.push(['sendTargetHour', t], ['sendTargetDay', t]);
    if (account !== null) hits.push(['sendAccountHour', String(account)], ['sendAccountDay', String(account)]);
    hits.push(['sendAddressHour', from.ip], ['sendAddressDay', from.ip]);
    await this.take(hits, (name, s) => name === 'resendSms' || name === 'resendEmail'
      ? new TooManyError('limits.resendWait', s, 'resendWait')
      : new TooManyError('limits.tooManySends', s, 'tooManySends'));
  }

  /** Before a code for `target` is checked: refused while the target is locked by wrong codes. */
  async codeUnlocked(target: string, field: string): Promise<void> {
    await this.check('wrongCodeTarget', targetKey(target), (s) => new TooManyError('limits.codeLocked', s, 'codeLocked', field));
  }

  /** A wrong code for `target` (counted across codes, sessions and purposes). */
  async codeWrong(target: string): Promise<void> {
    await this.count('wrongCodeTarget', targetKey(target));
  }

  /** An existence check (is this e-mail / username taken?): per client address and per session. */
  async lookup(from: Requester): Promise<void> {
    const hits: Hit[] = [['lookupAddress', from.ip]];
    if (from.sessionId) hits.push(['lookupSession', from.sessionId]);
    await this.take(hits, (_n, s) => new TooManyError('limits.tooManyChecks', s, 'tooManyChecks'));
  }

  /** The contact form: per client address and per recipient e-mail (its confirmation mail). */
  async contact(from: Requester, email: string): Promise<void> {
    await this.take([['contactAddress', from.ip], ['contactRecipient', targetKey(email)]],
      (_n, s) => new TooManyError('limits.contactTooMany', s, 'tooManySends'));
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counters whose window ended before `t`. */
const sqlExpiredBefore = (t: Date) => lt(rateLimits.expire, t);

/** The memory limiter an instance counts in while the shared store does not answer; tells the Limits it is used. */
class FallbackMemory extends RateLimiterMemory {
  constructor(opts: ConstructorParameters<typeof RateLimiterMemory>[0], private readonly used: () => void) { super(opts); }
  override consume(...a: Parameters<RateLimiterMemory['consume']>) { this.used(); return super.consume(...a); }
  override get(...a: Parameters<RateLimiterMemory['get']>) { this.used(); return super.get(...a); }
  override penalty(...a: Parameters<RateLimiterMemory['penalty']>) { this.used(); return super.penalty(...a); }
  override reward(...a: Parameters<RateLimiterMemory['reward']>) { this.used(); return super.reward(...a); }
  override delete(...a: Parameters<RateLimiterMemory['delete']>) { this.used(); return super.delete(...a); }
  override block(...a: Parameters<RateLimiterMemory['block']>) { this.used(); return super.block(...a); }
  override set(...a: Parameters<RateLimiterMemory['set']>) { this.used(); return super.set(...a); }
}
