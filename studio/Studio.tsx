/**
 * The studio page: the list of every document, the open document's JSON with live validation (the server's
 * checker on the whole set with the draft in place, 300 ms after the last keystroke), the live preview in a
 * fixture state, and save (refused by the server while the set has errors). When the documents live in the database
 * (issue 29) a save is a draft shoppers never see, and the publishing panel (Versions.tsx) publishes and rolls back.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import { studioApi, StudioApiError, type DatabaseMode, type DraftInfo, type SchemaError, type StudioDocument } from './api';
import { Manage } from './Manage';
import { Versions } from './Versions';
import { Editor, type EditorHandle } from './Editor';
import { PreviewPane } from './PreviewPane';
import { StateSelect } from './StateSelect';
import { statesThatMatter, type FixtureStates } from './fixtureStates';
import type { T } from './i18n';
import { parseDocumentsEvent } from '../renderer/live';

export const CHECK_DELAY_MS = 300;
const KIND_ORDER = ['screens', 'fragments', 'modals', 'forms', 'flows', 'rules', 'messages', 'fixtures'];

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'refused' } | { kind: 'failed'; message: string } | { kind: 'conflict'; message: string };

export interface StudioProps {
  t: T;
  lang: Lang;
  /** the served messages of every language (the preview's English state needs en) */
  messages: Record<Lang, Messages>;
  fixtures: FixtureDoc[];
  /** which states change which document (GET /studio/api/fixture-states); null: the state select is one plain list */
  fixtureStates?: FixtureStates | null;
  initialFile: string | null;
  onLanguage(): void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function Studio({ t, lang, messages, fixtures, fixtureStates = null, initialFile, onLanguage }: StudioProps) {
  const [documents, setDocuments] = useState<StudioDocument[]>([]);
  const [database, setDatabase] = useState<DatabaseMode | null>(null);
  /** database mode: the open document's draft (its revision is what the next save edits; null: from the live text) */
  const [draftInfo, setDraftInfo] = useState<DraftInfo | null>(null);
  const [draftsRevision, setDraftsRevision] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [file, setFile] = useState<string | null>(initialFile);
  const [saved, setSaved] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<SchemaError[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [fixtureId, setFixtureId] = useState<string>(fixtures[0]?.id ?? '');
  const [previewText, setPreviewText] = useState('');
  const editor = useRef<EditorHandle>(null);
  const checkSeq = useRef(0);

  const refreshList = useCallback(() => {
    studioApi.documents().then(async (r) => {
      // database mode: documents created as drafts are listed too (the served set has them once published)
      const created = r.database ? (await studioApi.drafts().catch(() => [])).filter((d) => d.created && !r.documents.some((x) => x.file === d.file)) : [];
      setDocuments([...r.documents, ...created.map((d) => { const [, kind, name] = d.file.split('/'); return { file: d.file, kind, id: name.slice(0, -5), version: null }; })]);
      setDatabase(r.database ?? null);
    }, (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(refreshList, [refreshList]);

  // the list follows the served set (saves here, edits elsewhere); the open document too, while it has no edits
  const [reloadFile, setReloadFile] = useState(0);
  const openState = useRef<{ file: string | null; dirty: boolean; saved: string | null }>({ file, dirty: false, saved: null });
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

  // open a document
  useEffect(() => {
    if (!file) return;
    const url = new URL(location.href);
    url.searchParams.set('file', file);
    history.replaceState(null, '', url);
    let alive = true;
    setSaved(null);
    setErrors(null);
    setSave({ kind: 'idle' });
    studioApi.source(file).then(({ text: s, draft: d }) => {
      if (!alive) return;
      setDraftInfo(d ?? null);
      setSaved(s);
      setText(s);
      setPreviewText(s);
    }, (e: unknown) => alive && setLoadError(e instanceof Error ? e.message : String(e)));
    return () => { alive = false; };
  }, [file]);

  // the open document changed on disk (another editor, another tab) while it has no edits here
  useEffect(() => {
    if (reloadFile === 0 || !openState.current.file) return undefined;
    let alive = true;
    const f = openState.current.file;
    studioApi.source(f).then(({ text: s, draft: d }) => {
      if (!alive || openState.current.file !== f || openState.current.dirty || s === openState.current.saved) return;
      setDraftInfo(d ?? null);
      setSaved(s);
      setText(s);
      setPreviewText(s);
    }, () => {});
    return () => { alive = false; };
  }, [reloadFile]);

  // live validation and preview, 300 ms after the last change
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
  }, [file, text, saved]);

  const onSave = async () => {
    if (!file) return;
    setSave({ kind: 'saving' });
    try {
      const r = await studioApi.save(file, text, database ? draftInfo?.revision ?? null : undefined);
      if (r.draft) {
        setDraftInfo(r.draft);
        setDraftsRevision((n) => n + 1);
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

  const current = documents.find((d) => d.file === file) ?? null;
  const mine = (errors ?? []).filter((e) => e.file === file);
  const others = (errors ?? []).filter((e) => e.file !== file);
  const elsewhere = others.length;
  const dirty = saved !== null && text !== saved;
  openState.current = { file, dirty, saved };
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

  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = documents.filter((d) => !q || d.id.toLowerCase().includes(q) || d.file.toLowerCase().includes(q));
    return KIND_ORDER.map((k) => [k, list.filter((d) => d.kind === k)] as const).filter(([, ds]) => ds.length > 0);
  }, [documents, filter]);

  return (
    <div className="st-app">
      <header className="st-header">
        <h1 className="st-header__title">{t('studio.title')}</h1>
        <nav className="st-header__nav">
          <button type="button" className="st-link" onClick={onLanguage} lang={lang === 'sr' ? 'en' : 'sr'}>{t('studio.language')}</button>
          <a className="st-link" href="/">{t('studio.shop')}</a>
        </nav>
      </header>
      {loadError ? <p role="alert" className="st-alert st-alert--error">{t('studio.loadFailed', { message: loadError })}</p> : null}
      <div className="st-body">
        <nav className="st-sidebar" aria-label={t('studio.documents')}>
          <input className="st-input" type="search" placeholder={t('studio.filter')} aria-label={t('studio.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
          {groups.map(([kind, ds]) => (
            <section key={kind} className="st-group">
              <h2 className="st-group__title">{t(`studio.kind.${kind}`)}</h2>
              <ul>
                {ds.map((d) => (
                  <li key={d.file}>
                    <button type="button" className={d.file === file ? 'st-doc st-doc--current' : 'st-doc'} aria-current={d.file === file ? 'page' : undefined} onClick={() => setFile(d.file)}>
                      <span>{d.id}</span>
                      {d.version !== null ? <span className="st-doc__version">{t('studio.version', { version: d.version })}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>

        {!file ? <p className="st-empty">{t('studio.empty')}</p> : (
          <main className="st-main">
            <div className="st-toolbar">
              <code className="st-toolbar__file">{file}</code>
              {dirty ? <span className="st-badge">{t('studio.unsaved')}</span> : null}
              {database && draftInfo ? <span className="st-badge" data-testid="studio-draft">{t('studio.draft.badge', { author: draftInfo.author ?? '?' })}</span> : null}
              <span className="st-toolbar__spacer" />
              <button type="button" className="st-button st-button--ghost" disabled={!dirty || save.kind === 'saving'} onClick={() => saved !== null && setText(saved)}>{t('studio.revert')}</button>
              <button type="button" className="st-button" disabled={!dirty || save.kind === 'saving' || mine.length > 0 || elsewhere > 0} onClick={() => void onSave()}>
                {save.kind === 'saving' ? t('studio.saving') : t(database ? 'studio.draft.save' : 'studio.save')}
              </button>
            </div>
            <div role="status" className="st-status">
              {save.kind === 'saved' && !dirty ? <span className="st-ok">{t(database ? 'studio.draft.saved' : 'studio.saved')}</span>
                : save.kind === 'conflict' ? <span className="st-bad">{save.message}</span>
                : save.kind === 'refused' ? <span className="st-bad">{t('studio.save.refused')}</span>
                  : save.kind === 'failed' ? <span className="st-bad">{t('studio.save.failed', { message: save.message })}</span>
                    : null}
            </div>
            {saved === null ? <p className="st-muted">{t('studio.loading')}</p> : (
              <Editor key={file} ref={editor} text={text} errors={mine} kind={current?.kind ?? file.split('/')[1] ?? null} t={t}
                label={t('studio.editor.label', { file })} onChange={(v) => { setText(v); setSave({ kind: 'idle' }); }} />
            )}
            <section className="st-problems" aria-live="polite" data-testid="studio-errors">
              {checking && errors === null ? <p className="st-muted">{t('studio.checking')}</p>
                : errors && mine.length === 0 && elsewhere === 0 ? <p className="st-ok">{t('studio.valid')}</p>
                  : errors ? (
                    <>
                      {mine.length > 0 ? <h2 className="st-problems__title">{t('studio.errors', { count: mine.length })}</h2> : null}
                      <ul>
                        {mine.map((e, i) => (
                          <li key={i} className="st-problem">
                            <button type="button" className="st-problem__at" disabled={!e.line} onClick={() => e.line && editor.current?.jumpTo(e.line, e.column ?? 1)}>
                              {e.line ? t('studio.error.at', { line: e.line, column: e.column ?? 1 }) : '—'}
                            </button>
                            <div>
                              <p className="st-problem__message">{e.message}</p>
                              {e.pointer ? <code className="st-muted">{e.pointer}</code> : null}
                              {e.expected ? <p className="st-muted">{t('studio.error.expected', { expected: e.expected })}</p> : null}
                              {e.suggestion ? <p className="st-problem__suggestion">{t('studio.error.suggestion', { suggestion: e.suggestion })}</p> : null}
                            </div>
                          </li>
                        ))}
                      </ul>
                      {elsewhere > 0 ? (
                        <>
                          <p className="st-bad">{t('studio.errors.elsewhere', { count: elsewhere })}</p>
                          <ElsewhereErrors errors={others} openable={(f) => documents.some((d) => d.file === f)} onOpen={setFile} />
                        </>
                      ) : null}
                    </>
                  ) : null}
              {checking && errors !== null ? <p className="st-muted st-problems__busy">{t('studio.checking')}</p> : null}
            </section>
          </main>
        )}

        {file && current ? (
          <aside className="st-aside" aria-label={t('studio.preview')}>
            <div className="st-aside__head">
              <h2>{t('studio.preview')}</h2>
              {fixtures.length > 0 ? <StateSelect fixtures={fixtures} states={states} value={fixtureId} onChange={setFixtureId} t={t} /> : null}
            </div>
            <PreviewPane kind={current.kind} id={current.id} draft={draft} fixture={fixture} messages={previewMessages} t={t} lang={lang} studioMessages={messages[lang]} />
          </aside>
        ) : null}
        {database?.roles.includes('editor') ? (
          <Manage t={t} file={file} revision={draftInfo?.revision ?? null} onOpen={(f) => { refreshList(); setFile(f); }}
            onChanged={() => { setDraftsRevision((n) => n + 1); refreshList(); setReloadFile((n) => n + 1); }} />
        ) : null}
        {database ? (
          <Versions t={t} canPublish={database.roles.includes('reviewer')} draftsRevision={draftsRevision}
            onPublished={() => { setDraftInfo(null); setDraftsRevision((n) => n + 1); refreshList(); setReloadFile((n) => n + 1); }}
            onRefused={(errs) => setErrors(errs)} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * The errors the check of a draft found in other documents (a route clash, a link, a fragment's argument): each
 * named by file:line:column with its message; a document of the list opens with a click.
 */
export function ElsewhereErrors({ errors, openable, onOpen }: { errors: SchemaError[]; openable(file: string): boolean; onOpen(file: string): void }) {
  return (
    <ul data-testid="studio-errors-elsewhere">
      {errors.map((e, i) => {
        const at = `${e.file}${e.line ? `:${e.line}:${e.column ?? 1}` : ''}`;
        return (
          <li key={i} className="st-problem">
            {openable(e.file)
              ? <button type="button" className="st-problem__at" onClick={() => onOpen(e.file)}>{at}</button>
              : <code className="st-problem__at">{at}</code>}
            <div>
              <p className="st-problem__message">{e.message}</p>
              {e.pointer ? <code className="st-muted">{e.pointer}</code> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
