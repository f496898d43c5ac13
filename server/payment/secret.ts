// The secret shared with the payment gateway (GATEWAY_SECRET): it signs the gateway's callbacks and the session
// tokens. A production start never runs on the development secret published in this repository.

/** The development secret: used only outside production when GATEWAY_SECRET is not set. */
export const DEV_GATEWAY_SECRET = 'orbita-dev-gateway-secret-change-me';
/** A production secret is at least this long (e.g. `openssl rand -hex 32`). */
export const MIN_GATEWAY_SECRET_LENGTH = 32;

export class GatewaySecretError extends Error {}

/**
 * The secrets that sign and verify: `secret` signs (tokens, the gateway's callbacks); during a rotation the previous
 * secret (GATEWAY_SECRET_PREVIOUS) still verifies what was signed before the switch (tokens issued minutes ago, a
 * callback the gateway signed with the old one), so no shopper is signed out and no payment lost.
 */
export interface GatewaySecrets { secret: string; previous?: string; warning?: string }

/**
 * The gateway secret a start uses. Production (NODE_ENV=production) fails closed: no GATEWAY_SECRET, the development
 * secret, or a secret shorter than MIN_GATEWAY_SECRET_LENGTH throws GatewaySecretError with what to do; the same holds
 * for GATEWAY_SECRET_PREVIOUS when it is set. Elsewhere (development, tests, a bare `npm start`) the development
 * secret stands in, with a warning.
 */
export function gatewaySecretOf(env: Record<string, string | undefined>): GatewaySecrets {
  const given = env.GATEWAY_SECRET?.trim() || undefined;
  const previous = env.GATEWAY_SECRET_PREVIOUS?.trim() || undefined;
  const rotation = previous !== undefined && previous !== given ? { previous } : {};
  if (env.NODE_ENV === 'production') {
    if (!given) throw new GatewaySecretError('GATEWAY_SECRET is not set: a production start (NODE_ENV=production) needs the secret shared with the payment gateway (e.g. `openssl rand -hex 32`); the server does not start.');
    for (const [name, value] of [['GATEWAY_SECRET', given], ['GATEWAY_SECRET_PREVIOUS', previous]] as const) {
      if (value === undefined) continue;
      if (value === DEV_GATEWAY_SECRET) throw new GatewaySecretError(`${name} is the development secret published in the source: a production start (NODE_ENV=production) needs a secret of its own; the server does not start.`);
      if (value.length < MIN_GATEWAY_SECRET_LENGTH) throw new GatewaySecretError(`${name} is shorter than ${MIN_GATEWAY_SECRET_LENGTH} characters: a production start (NODE_ENV=production) needs a long random secret (e.g. \`openssl rand -hex 32\`); the server does not start.`);
    }
    return { secret: given, ...rotation };
  }
  if (!given) return { secret: DEV_GATEWAY_SECRET, ...rotation, warning: 'GATEWAY_SECRET is not set: using the development secret of the payment gateway simulator (refused when NODE_ENV=production).' };
  return { secret: given, ...rotation };
}
