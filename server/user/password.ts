// Password hashing with node:crypto scrypt (memory-hard, no native packages): N=2^15, r=8, p=1,
// a random 16-byte salt per user, 32-byte key, constant-time comparison.
// Stored as `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` so the cost can be raised later.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** 128·N·r bytes are needed; Node's default maxmem (32 MiB) is exactly too small for N=2^15, r=8. */
const optionsOf = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r + 1024 * 1024 });

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, optionsOf(N, r, p));
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of a random password: verifying against it costs the same time as a real account. */
let dummyHash: Promise<string> | null = null;
export const timingDummyHash = () => (dummyHash ??= hashPassword(randomBytes(12).toString('base64')));

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const target = stored ?? await timingDummyHash();
  const parts = target.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, optionsOf(N, r, p));
  return timingSafeEqual(actual, expected) && stored != null;
}
