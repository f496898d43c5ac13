import { createHash, randomBytes, randomInt } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Human-friendly numeric code (cart 8 digits, order 10 digits). */
export const numericCode = (digits: number) => {
  let s = String(randomInt(1, 10));
  while (s.length < digits) s += String(randomInt(0, 10));
  return s;
};
