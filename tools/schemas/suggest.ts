/** "Did you mean …?" — the closest known name by Levenshtein distance (fastest-levenshtein). */
import { distance } from 'fastest-levenshtein';

/** The nearest candidate if it is close enough to be a likely typo, else undefined. */
export function suggest(input: string, candidates: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === input) continue;
    // a case-only difference is the best possible match
    const score = c.toLowerCase() === lower ? 0.5 : distance(lower, c.toLowerCase());
    if (score < bestScore || (score === bestScore && best !== undefined && c < best)) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(input.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}
