/**
 * The JSON editor: a plain textarea (no editor package: nothing to load but the browser's own text field, which
 * keeps undo, spell-check off, selection and accessibility) with a line-number gutter that marks the lines the
 * checker reports. `jumpTo` moves the caret to a line and column and scrolls it into view.
 */
import { forwardRef, useImperativeHandle, useMemo, useRef, type KeyboardEvent } from 'react';
import type { SchemaError } from './api';

export interface EditorHandle { jumpTo(line: number, column: number): void }

export interface EditorProps {
  text: string;
  label: string;
  errors: SchemaError[];
  onChange(text: string): void;
}

/** Offset of 1-based line/column in text. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(offset + Math.max(column - 1, 0), text.length);
}

export const Editor = forwardRef<EditorHandle, EditorProps>(function Editor({ text, label, errors, onChange }, ref) {
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => text.split('\n').length, [text]);
  const byLine = useMemo(() => {
    const m = new Map<number, string[]>();
    for (const e of errors) if (e.line) m.set(e.line, [...(m.get(e.line) ?? []), e.message]);
    return m;
  }, [errors]);

  useImperativeHandle(ref, () => ({
    jumpTo(line, column) {
      const el = area.current;
      if (!el) return;
      const at = offsetOf(el.value, line, column);
      el.focus();
      el.setSelectionRange(at, at);
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      el.scrollTop = Math.max(0, (line - 1) * lineHeight - el.clientHeight / 3);
      if (gutter.current) gutter.current.scrollTop = el.scrollTop;
    },
  }), []);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Tab' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    // two spaces, like the documents; Esc then Tab leaves the field (WCAG 2.1.2)
    e.preventDefault();
    const el = e.currentTarget;
    const { selectionStart: s, selectionEnd: end } = el;
    const next = `${el.value.slice(0, s)}  ${el.value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
  };

  return (
    <div className="st-editor">
      <div className="st-editor__gutter" ref={gutter} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => {
          const msgs = byLine.get(i + 1);
          return (
            <div key={i} className={msgs ? 'st-editor__line st-editor__line--error' : 'st-editor__line'} title={msgs?.join('\n')}>
              {i + 1}
            </div>
          );
        })}
      </div>
      <textarea
        ref={area}
        className="st-editor__text"
        aria-label={label}
        aria-invalid={errors.length > 0}
        value={text}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => { if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop; }}
      />
    </div>
  );
});
