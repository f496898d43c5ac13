// The secret shared with the payment gateway (GATEWAY_SECRET): it signs the gateway's callbacks and the session
// tokens. A production start never runs on the development secret published in this repository.

/** The development secret: used only outside production when GATEWAY_SECRET is not set. */
export const DEV_GATEWAY_SECRET = 'orbita-dev-gateway-secret-change-me';
/** A production secret is at least this long (e.g. `openssl rand -hex 32`). */
export const MIN_GATEWAY_SECRET_LENGTH = 32;

export class GatewaySecretError extends Error {}

/**
 * The gateway secret a start uses. Production (NODE_ENV=production) fails closed: no GATEWAY_SECRET, the development
 * secret, or a secret shorter than MIN_GATEWAY_SECRET_LENGTH throws GatewaySecretError with what to do. Elsewhere
 * (development, tests, a bare `npm start`) the development secret stands in, with a warning.
 */
export function gatewaySecretOf(env: Record<string, string | undefined>): { secret: string; warning?: string } {
  const given = env.GATEWAY_SECRET?.trim() || undefined;
  if (env.NODE_ENV === 'production') {
    if (!given) throw new GatewaySecretError('GATEWAY_SECRET is not set: a production start (NODE_ENV=production) needs the secret shared with the payment gateway (e.g. `openssl rand -hex 32`); the server does not start.');
    if (given === DEV_GATEWAY_SECRET) throw new GatewaySecretError('GATEWAY_SECRET is the development secret published in the source: a production start (NODE_ENV=production) needs a secret of its own; the server does not start.');
    if (given.length < MIN_GATEWAY_SECRET_LENGTH) throw new GatewaySecretError(`GATEWAY_SECRET is shorter than ${MIN_GATEWAY_SECRET_LENGTH} characters: a production start (NODE_ENV=production) needs a long random secret (e.g. \`openssl rand -hex 32\`); the server does not start.`);
    return { secret: given };
  }
  if (!given) return { secret: DEV_GATEWAY_SECRET, warning: 'GATEWAY_SECRET is not set: using the development secret of the payment gateway simulator (refused when NODE_ENV=production).' };
  return { secret: given };
}
