/** "Did you mean …?" — the closest known name by Levenshtein distance. */

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The nearest candidate if it is close enough to be a likely typo, else undefined. */
export function suggest(input: string, candidates: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === input) continue;
    // a case-only difference is the best possible match
    const score = c.toLowerCase() === lower ? 0.5 : levenshtein(lower, c.toLowerCase());
    if (score < bestScore || (score === bestScore && best !== undefined && c < best)) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(input.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}
