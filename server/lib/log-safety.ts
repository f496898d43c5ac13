// Nothing personal reaches a log line: a logged error keeps its type, message, code and stack, never what it carries
// besides (drizzle's DrizzleQueryError holds the statement's parameters — passwords' hashes, e-mail addresses, names
// — in `params` and in its message; pg's DatabaseError holds row values in `detail`), and request bodies, cookies and
// authorization headers are redacted wherever they would appear. Issue 30: a request's own line carries its route
// pattern, never its address or query; fields that name personal data (e-mail, JMBG, phone number, password, token)
// are redacted wherever logged, and e-mail addresses, JMBGs and phone numbers are masked in the text of a message
// or of an error (`scrubText`).

/** pino `redact`: request bodies, cookies, authorization headers (of a request logged with its headers, or any
 *  object logged under these names). */
export const logRedaction = {
  paths: [
    'req.body', 'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'req.query',
    'res.headers["set-cookie"]', 'body', 'headers.cookie', 'headers.authorization', 'cookies', 'params', 'payload',
    'err.params', 'err.detail', 'req.url', 'req.query', 'query', 'url',
    // fields that are personal data, at the top of a logged object or one level in
    ...['email', 'jmbg', 'phone', 'msisdn', 'password', 'token', 'accessToken', 'refreshToken', 'recipient'].flatMap((k) => [k, `*.${k}`]),
  ],
  censor: '[redacted]',
};

/** E-mail addresses, JMBGs (13 digits) and Serbian phone numbers (mobile and fixed, with or without +381) in a text
 *  to be logged, masked. A number that merely looks like one is masked too (a log loses nothing it needs). */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const JMBG = /(?<!\d)\d{13}(?!\d)/g;
const PHONE = /(?<![\w+])(?:\+|00)?(?:381[ /-]?|0)[1-9]\d(?:[ /-]?\d){5,8}(?!\d)/g;
export function scrubText(s: string): string {
  if (!/\d{6}|@/.test(s.replace(/[ /-]/g, ''))) return s;
  return s.replace(EMAIL, '[email]').replace(JMBG, '[jmbg]').replace(PHONE, '[phone]');
}

interface SafeError { [key: string]: unknown; type: string; message: string; stack: string; code?: string; statusCode?: number; cause?: unknown }

/** A failed drizzle statement's message without its parameters ("Failed query: <sql>\nparams: <values>"). */
function safeMessage(e: Error): string {
  const query = (e as { query?: unknown }).query;
  if (Array.isArray((e as { params?: unknown }).params) && typeof query === 'string') return `Failed query: ${query}`;
  // an error of the database server: its message may quote the value it refused ('invalid input syntax for type
  // integer: "<value>"'), so only its SQLSTATE and the names of what it concerns are kept
  const pgErr = e as { severity?: unknown; code?: unknown; routine?: unknown; table?: unknown; column?: unknown; constraint?: unknown };
  if (typeof pgErr.severity === 'string' && typeof pgErr.code === 'string' && /^[0-9A-Z]{5}$/.test(pgErr.code)) {
    const names = (['table', 'column', 'constraint', 'routine'] as const).filter((k) => typeof pgErr[k] === 'string').map((k) => `${k} ${String(pgErr[k])}`);
    return `PostgreSQL error ${pgErr.code}${names.length ? ` (${names.join(', ')})` : ''}`;
  }
  return e.message;
}

/** What is logged of an error (pino's `err` serializer shape). */
export function safeError(e: Error, depth = 0): SafeError {
  if (!(e instanceof Error)) return { type: typeof e, message: String(e), stack: '' };
  const type = e.constructor?.name || e.name || 'Error';
  const message = scrubText(safeMessage(e));
  // the stack's first lines repeat the message: only the frames are kept
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const out: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const { code, statusCode } = e as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') out.code = code;
  if (typeof statusCode === 'number') out.statusCode = statusCode;
  const cause = (e as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 4) out.cause = cause instanceof Error ? safeError(cause, depth + 1) : '[cause]';
  return out;
}

/** pino serializers: errors logged as `err` (Fastify's `req.log.error(err)`, `app.log.error(err, '…')`). */
export const logSerializers = { err: (e: Error) => safeError(e), error: (e: Error) => safeError(e) };

/** pino `hooks`: an error logged without a message (`log.error(err)`) takes its safe message as the line's `msg`
 *  (pino would copy `err.message`, parameters and all). */
export const logHooks = {
  logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void): void {
    if (args[0] instanceof Error && (args.length === 1 || typeof args[1] !== 'string')) {
      method.apply(this, [args[0], safeError(args[0]).message, ...args.slice(1).map((a) => (typeof a === 'string' ? scrubText(a) : a))]);
      return;
    }
    method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
  },
};

type LogFn = (...args: unknown[]) => void;
interface ChildLogger { level: string; child(bindings: object, options?: object): ChildLogger; isLevelEnabled?(level: string): boolean; [level: string]: unknown }
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's `childLoggerFactory`: a request's logger (`req.log`, its lines bound to the request id) made on its first
 * line, not at every request. Most requests log nothing of their own (their request line is written by the access
 * logger, server/app.ts), and making a pino child costs each request a pass of the redaction over its bindings.
 */
export function lazyRequestLogger(parent: ChildLogger, bindings: object, options: object): ChildLogger {
  let real: ChildLogger | null = null;
  const made = (): ChildLogger => (real ??= parent.child(bindings, options));
  const logger: Record<string, unknown> = {
    get level() { return (real ?? parent).level; },
    set level(l: string) { made().level = l; },
    child: (b: object, o?: object) => made().child(b, o),
    isLevelEnabled: (l: string) => (real ?? parent).isLevelEnabled?.(l) ?? true,
    silent: () => {},
  };
  for (const level of LEVELS) {
    logger[level] = (...args: unknown[]) => {
      // a level the parent does not write makes no child (a disabled debug line stays free)
      if (!real && parent.isLevelEnabled && !parent.isLevelEnabled(level)) return;
      (made()[level] as LogFn)(...args);
    };
  }
  return logger as ChildLogger;
}
