/**
 * The JSON editor: CodeMirror 6 (codemirror.ts), imported when the first document opens — its own chunk, so the
 * studio's page (and never the shop) waits for it. Completion and hover help come from the document kind's JSON
 * Schema (GET /studio/api/schema?kind=…, fetched once per kind); the checker's errors are diagnostics at their
 * lines (and stay listed under the editor, Studio.tsx). `text` is the document: typing calls onChange, a new `text`
 * from outside (revert, a reload) replaces the editor's. `jumpTo` moves the caret to a line and column.
 */
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { studioApi, type SchemaError } from './api';
import { checkerDiagnostics } from './diagnostics';
import type { T } from './i18n';
import type { StudioEditor } from './codemirror';

export { offsetOf } from './diagnostics';

export interface EditorHandle { jumpTo(line: number, column: number): void }

export interface EditorProps {
  text: string;
  label: string;
  /** the document's folder (screens, forms …): which JSON Schema completes it */
  kind: string | null;
  errors: SchemaError[];
  t: T;
  onChange(text: string): void;
}

const schemas = new Map<string, Promise<Record<string, unknown> | null>>();
function schemaOf(kind: string): Promise<Record<string, unknown> | null> {
  let p = schemas.get(kind);
  if (!p) {
    // without a schema the editor still edits; the next document of the kind asks again
    p = studioApi.schema(kind).catch(() => { schemas.delete(kind); return null; });
    schemas.set(kind, p);
  }
  return p;
}

export const Editor = forwardRef<EditorHandle, EditorProps>(function Editor({ text, label, kind, errors, t, onChange }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<StudioEditor | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef({ text, onChange });
  latest.current = { text, onChange };
  const helpId = useId();

  // the editor itself, once (the chunk loads on the first mount)
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once: label and helpId are read at creation (later labels go through setLabel below); listing label would destroy the editor and make a new one, losing the cursor and the undo history, whenever the label changes
  useEffect(() => {
    let alive = true;
    let made: StudioEditor | null = null;
    import('./codemirror').then(({ createStudioEditor }) => {
      if (!alive || !host.current) return;
      made = createStudioEditor({
        parent: host.current, text: latest.current.text, label, describedBy: helpId,
        onChange: (v) => latest.current.onChange(v),
      });
      setEditor(made);
    }, (e: unknown) => alive && setFailed(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
      made?.destroy();
    };
    // label and helpId at creation; later labels are set below
  }, []);

  useEffect(() => { editor?.setText(text); }, [editor, text]);
  useEffect(() => { editor?.setLabel(label, errors.length > 0); }, [editor, label, errors.length]);
  useEffect(() => { editor?.setDiagnostics(checkerDiagnostics(editor.view.state.doc.toString(), errors, t)); }, [editor, errors, t]);
  useEffect(() => {
    if (!editor || !kind) return undefined;
    let alive = true;
    editor.setSchema(null);
    schemaOf(kind).then((s) => { if (alive) editor.setSchema(s); });
    return () => { alive = false; };
  }, [editor, kind]);

  useImperativeHandle(ref, () => ({
    jumpTo(line, column) { editor?.jumpTo(line, column); },
  }), [editor]);

  return (
    <div className="st-editor-wrap">
      {!editor ? <p className="st-muted st-editor__loading">{failed ? t('studio.loadFailed', { message: failed }) : t('studio.editor.loading')}</p> : null}
      <div className="st-editor" ref={host} data-testid="studio-editor" hidden={!editor} />
      <p id={helpId} className="st-muted st-editor__help">{t('studio.editor.help')}</p>
    </div>
  );
});
