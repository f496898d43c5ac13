// A line diff of two texts (a version's document against its parent's): the common head and tail are cut, the middle
// is compared by the longest common subsequence of lines (bounded: a middle too large is answered as replaced whole).

export interface DiffLine { op: ' ' | '+' | '-'; text: string }

const MAX_CELLS = 4_000_000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ op: ' ', text }));
  if (x.length * y.length > MAX_CELLS) {
    out.push(...x.map((text) => ({ op: '-' as const, text })), ...y.map((text) => ({ op: '+' as const, text })));
  } else {
    // lcs[i][j]: the LCS length of x[i..] and y[j..]
    const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) {
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) { out.push({ op: ' ', text: x[i] }); i++; j++; }
      else if (j < y.length && (i >= x.length || lcs[i][j + 1] >= lcs[i + 1][j])) { out.push({ op: '+', text: y[j] }); j++; }
      else { out.push({ op: '-', text: x[i] }); i++; }
    }
  }
  out.push(...a.slice(a.length - tail).map((text) => ({ op: ' ' as const, text })));
  return out;
}

/** Only the changed lines with `context` lines around them; "…" between the pieces. */
export function compactDiff(lines: DiffLine[], context = 3): Array<DiffLine | { op: '…'; text: '' }> {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: Array<DiffLine | { op: '…'; text: '' }> = [];
  let skipped = false;
  lines.forEach((l, i) => {
    if (keep[i]) { out.push(l); skipped = false; } else if (!skipped) { out.push({ op: '…', text: '' }); skipped = true; }
  });
  return out;
}
