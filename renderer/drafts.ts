// What a shopper typed into a form field but the form has not taken yet. A text field keeps its keystrokes to
// itself (only the field redraws per key) and hands the value to its form after a short pause, when it loses focus,
// on Enter, or when anything asks for it first: every action dispatch and every form validation flushes the
// pending values, so nothing reads a form without what was typed.
import { flushSync } from 'react-dom';

/** The idle time (ms) after the last keystroke at which a text field hands its value to the form. */
export const DRAFT_IDLE_MS = 250;

const pending = new Set<() => void>();

export function addDraft(flush: () => void): void { pending.add(flush); }
export function removeDraft(flush: () => void): void { pending.delete(flush); }

/** Hands every pending value to its form, and lets React commit it before returning. */
export function flushDrafts(): void {
  if (pending.size === 0) return;
  const all = [...pending];
  pending.clear();
  flushSync(() => { for (const f of all) f(); });
}
