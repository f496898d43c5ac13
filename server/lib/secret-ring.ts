/**
 * The secrets a signature may have been made with: the current one first, then, while GATEWAY_SECRET is being
 * rotated, the previous one (GATEWAY_SECRET_PREVIOUS). Signing always uses the current one.
 */
export type SecretRing = string | readonly string[];

export const secretsOf = (ring: SecretRing): readonly string[] => (typeof ring === 'string' ? [ring] : ring);
