/** Errors of the contract API: `{ errors: [ { type, message, reason?, subject? } ] }` (docs/modules/http.md). */
export interface ApiErrorItem { type?: string; message?: string; reason?: string; subject?: string; [k: string]: unknown }

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly reason: string | undefined,
    readonly errors: ApiErrorItem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The message to show for a failed call (seed 000 §8): errors[0].message, also the capital-letter
 * variants (Message, MESSAGE), else `fallback` (the default common error text in the current language).
 */
export function errorMessageOf(body: unknown, fallback: string): string {
  const first = firstError(body);
  if (first) {
    for (const k of ['message', 'Message', 'MESSAGE']) {
      const m = first[k];
      if (typeof m === 'string' && m.trim() !== '') return m;
    }
  }
  return fallback;
}

export function firstError(body: unknown): ApiErrorItem | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const list = b.errors ?? b.Errors ?? b.ERRORS;
  if (Array.isArray(list) && list.length > 0 && list[0] && typeof list[0] === 'object') return list[0] as ApiErrorItem;
  // validateCart nests them: { errors: { errors: [...] } }
  if (list && typeof list === 'object' && !Array.isArray(list)) return firstError(list);
  return undefined;
}

export function toApiError(status: number, body: unknown, fallback: string): ApiError {
  const first = firstError(body);
  const list = first ? ((body as Record<string, unknown>).errors as ApiErrorItem[]) : [];
  const type = String(first?.type ?? first?.Type ?? (status === 0 ? 'NetworkError' : 'UnknownError'));
  return new ApiError(status, type, errorMessageOf(body, fallback), first?.reason as string | undefined, Array.isArray(list) ? list : []);
}

/**
 * Whether a 401 is about the bearer token (refresh + retry) rather than a refused sign-in or a missing
 * sign-in (AuthenticationError, UnauthorizedError: no retry). A 401 without a typed body counts as a token one.
 */
export async function isTokenRejection(res: Response): Promise<boolean> {
  try {
    const text = await res.clone().text();
    const type = text ? (JSON.parse(text) as { errors?: Array<{ type?: unknown }> })?.errors?.[0]?.type : undefined;
    return type === undefined || type === 'InvalidTokenError';
  } catch {
    return true;
  }
}
