/**
 * The checker's errors of the open document as editor diagnostics: each at its line and column, running to the end
 * of that line's text (the checker names the start of the wrong value or key), with the message, what was expected
 * and the suggestion. Errors without a line (the set could not be read) stay in the list under the editor only.
 * Pure text arithmetic: loaded with the studio, tested without the editor.
 */
import type { SchemaError } from './api';
import type { T } from './i18n';

export interface EditorDiagnostic { from: number; to: number; line: number; message: string }

/** Offset of 1-based line/column in text. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  const end = lineEnd(text, offset);
  return Math.min(offset + Math.max(column - 1, 0), end);
}

function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}

export function checkerDiagnostics(text: string, errors: readonly SchemaError[], t: T): EditorDiagnostic[] {
  const out: EditorDiagnostic[] = [];
  for (const e of errors) {
    if (!e.line) continue;
    const from = offsetOf(text, e.line, e.column ?? 1);
    const start = offsetOf(text, e.line, 1);
    const end = lineEnd(text, start);
    // to the end of the line's text, without the trailing comma and spaces; at least one character when there is one
    let to = end;
    while (to > from && /[\s,]/.test(text[to - 1]!)) to--;
    if (to <= from) to = Math.min(from + 1, end);
    const parts = [e.message];
    if (e.expected) parts.push(t('studio.error.expected', { expected: e.expected }));
    if (e.suggestion) parts.push(t('studio.error.suggestion', { suggestion: e.suggestion }));
    out.push({ from, to, line: e.line, message: parts.join('\n') });
  }
  return out;
}
