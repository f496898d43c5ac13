/**
 * The state of the studio page (./Studio.tsx) as hooks of one concern: the document list, following the served set,
 * the open document (load, reload, live check, save) and the preview's inputs. Called by Studio in this order, so its
 * effects run in the order they always did: list, served-set events, open, reload, check.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import { parseDocumentsEvent } from '../renderer/live';
import { studioApi, StudioApiError, type DatabaseMode, type DraftInfo, type SchemaError, type StudioDocument } from './api';
import { statesThatMatter, type FixtureStates } from './fixtureStates';

export const CHECK_DELAY_MS = 300;

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'refused' } | { kind: 'failed'; message: string } | { kind: 'conflict'; message: string };

/** What the served-set listener knows of the open document (set on each render). */
export interface OpenState { file: string | null; dirty: boolean; saved: string | null }

type Setter<V> = Dispatch<SetStateAction<V>>;

/** The JSON of a text, or null when it does not parse. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The documents listed (database mode: drafts of new documents too) and the database mode; refreshList reads them again. */
export function useDocumentList(setLoadError: Setter<string | null>) {
  const [documents, setDocuments] = useState<StudioDocument[]>([]);
  const [database, setDatabase] = useState<DatabaseMode | null>(null);
  const refreshList = useCallback(() => {
    studioApi.documents().then(async (r) => {
      // database mode: documents created as drafts are listed too (the served set has them once published)
      const created = r.database ? (await studioApi.drafts().catch(() => [])).filter((d) => d.created && !r.documents.some((x) => x.file === d.file)) : [];
      setDocuments([...r.documents, ...created.map((d) => { const [, kind, name] = d.file.split('/'); return { file: d.file, kind, id: name.slice(0, -5), version: null }; })]);
      setDatabase(r.database ?? null);
    }, (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
  }, [setLoadError]);
  useEffect(refreshList, [refreshList]);
  return { documents, database, refreshList };
}

/**
 * The list follows the served set (saves here, edits elsewhere); the open document too, while it has no edits:
 * `reloadFile` counts the reloads asked (by an event or by `requestReload`).
 */
export function useFollowServedSet(refreshList: () => void, file: string | null) {
  const [reloadFile, setReloadFile] = useState(0);
  const openState = useRef<OpenState>({ file, dirty: false, saved: null });
  useEffect(() => {
    if (typeof EventSource !== 'function') return undefined;
    const source = new EventSource('/ui/events');
    source.addEventListener('documents', (e: MessageEvent) => {
      refreshList();
      const event = parseDocumentsEvent(e.data);
      const open = openState.current;
      if (!event || !open.file || open.dirty) return;
      if (event.changes.some((c) => `schemas/${c.path}.json` === open.file)) setReloadFile((n) => n + 1);
    });
    return () => source.close();
  }, [refreshList]);
  const requestReload = () => setReloadFile((n) => n + 1);
  return { reloadFile, requestReload, openState };
}

/** The setters the loading of a document writes. */
interface SourceSetters {
  setDraftInfo: Setter<DraftInfo | null>; setSaved: Setter<string | null>; setText: Setter<string>; setPreviewText: Setter<string>;
  setErrors: Setter<SchemaError[] | null>; setSave: Setter<SaveState>;
}

/** Opens a document (the address names it), and reads it again when the served set changed it while it has no edits here. */
function useLoadSource(file: string | null, reloadFile: number, openState: RefObject<OpenState>, s: SourceSetters, setLoadError: Setter<string | null>) {
  // open a document
  useEffect(() => {
    if (!file) return;
    const url = new URL(location.href);
    url.searchParams.set('file', file);
    history.replaceState(null, '', url);
    let alive = true;
    s.setSaved(null);
    s.setErrors(null);
    s.setSave({ kind: 'idle' });
    studioApi.source(file).then(({ text: src, draft: d }) => {
      if (!alive) return;
      s.setDraftInfo(d ?? null);
      s.setSaved(src);
      s.setText(src);
      s.setPreviewText(src);
    }, (e: unknown) => alive && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => { alive = false; };
  }, [file, s.setSaved, s.setErrors, s.setSave, s.setDraftInfo, s.setText, s.setPreviewText, setLoadError]);

  // the open document changed on disk (another editor, another tab) while it has no edits here
  useEffect(() => {
    if (reloadFile === 0 || !openState.current.file) return undefined;
    let alive = true;
    const f = openState.current.file;
    studioApi.source(f).then(({ text: src, draft: d }) => {
      if (!alive || openState.current.file !== f || openState.current.dirty || src === openState.current.saved) return;
      s.setDraftInfo(d ?? null);
      s.setSaved(src);
      s.setText(src);
      s.setPreviewText(src);
    }, () => {});
    return () => { alive = false; };
  }, [reloadFile, openState, s.setDraftInfo, s.setSaved, s.setText, s.setPreviewText]);
}

/** Live validation and preview, CHECK_DELAY_MS after the last change; returns whether a check is running. */
function useLiveCheck(file: string | null, text: string, saved: string | null, setPreviewText: Setter<string>, setErrors: Setter<SchemaError[] | null>): boolean {
  const [checking, setChecking] = useState(false);
  const checkSeq = useRef(0);
  useEffect(() => {
    if (!file || saved === null) return undefined;
    const seq = ++checkSeq.current;
    setChecking(true);
    const timer = setTimeout(() => {
      setPreviewText(text);
      studioApi.check(file, text).then((r) => {
        if (seq === checkSeq.current) setErrors(r.errors);
      }, (e: unknown) => {
        if (seq === checkSeq.current) setErrors([{ file, pointer: '', message: e instanceof Error ? e.message : String(e) }]);
      }).finally(() => { if (seq === checkSeq.current) setChecking(false); });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [file, text, saved, setPreviewText, setErrors]);
  return checking;
}

/**
 * The open document: its text, the saved text, its draft (database mode), the checker's errors, the save state, and
 * onSave (database mode: a draft of the revision it edits; 422 shows the refusal's errors, 409 a conflict).
 */
export function useOpenDocument({ file, database, reloadFile, openState, setLoadError, onDraftSaved }: {
  file: string | null; database: DatabaseMode | null; reloadFile: number; openState: RefObject<OpenState>;
  setLoadError: Setter<string | null>; onDraftSaved(): void;
}) {
  /** database mode: the open document's draft (its revision is what the next save edits; null: from the live text) */
  const [draftInfo, setDraftInfo] = useState<DraftInfo | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<SchemaError[] | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [previewText, setPreviewText] = useState('');
  useLoadSource(file, reloadFile, openState, { setDraftInfo, setSaved, setText, setPreviewText, setErrors, setSave }, setLoadError);
  const checking = useLiveCheck(file, text, saved, setPreviewText, setErrors);

  const onSave = async () => {
    if (!file) return;
    setSave({ kind: 'saving' });
    try {
      const r = await studioApi.save(file, text, database ? draftInfo?.revision ?? null : undefined);
      if (r.draft) {
        setDraftInfo(r.draft);
        onDraftSaved();
      }
      setSaved(text);
      setSave({ kind: 'saved' });
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 422) {
        setErrors(e.schemaErrors);
        setSave({ kind: 'refused' });
      } else if (e instanceof StudioApiError && e.status === 409) {
        setSave({ kind: 'conflict', message: e.message }); // another editor saved the draft meanwhile: nothing overwritten
      } else setSave({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const dirty = saved !== null && text !== saved;
  openState.current = { file, dirty, saved };
  return { draftInfo, setDraftInfo, saved, text, setText, errors, setErrors, checking, save, setSave, previewText, dirty, onSave };
}

/** The preview's inputs: the parsed draft, the fixture state, the messages (a language file's draft texts) and the states that matter. */
export function usePreview({ previewText, fixtures, fixtureId, current, messages, fixtureStates }: {
  previewText: string; fixtures: FixtureDoc[]; fixtureId: string; current: StudioDocument | null; messages: Record<Lang, Messages>; fixtureStates: FixtureStates | null;
}) {
  const draft = useMemo(() => parse(previewText), [previewText]);
  const fixture = fixtures.find((f) => f.id === fixtureId) ?? null;
  // editing a language file previews its draft texts
  const previewMessages = useMemo(() => {
    const l = fixture?.lang ?? 'sr';
    if (current?.kind === 'messages' && current.id === l && draft && typeof draft === 'object') return draft as Messages;
    return messages[l];
  }, [fixture, current, draft, messages]);

  // the states that change the open document (a screen: with its layout's), listed first in the state select
  const states = useMemo(() => (current ? statesThatMatter(fixtureStates, current.kind, current.id, draft) : null), [fixtureStates, current, draft]);
  return { draft, fixture, previewMessages, states };
}
