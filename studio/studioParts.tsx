/** The parts of the studio page (./Studio.tsx): header, document list, the open document's pane, the preview. */
import { useMemo, useState, type RefObject } from 'react';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import type { DatabaseMode, SchemaError, StudioDocument } from './api';
import { Editor, type EditorHandle } from './Editor';
import { PreviewPane } from './PreviewPane';
import { StateSelect } from './StateSelect';
import type { T } from './i18n';
import type { SaveState, useOpenDocument } from './studioHooks';

const KIND_ORDER = ['screens', 'fragments', 'modals', 'forms', 'flows', 'rules', 'messages', 'fixtures'];

type OpenDocument = ReturnType<typeof useOpenDocument>;

/** The page header: the title, the language switch and the link back to the shop. */
export function StudioHeader({ t, lang, onLanguage }: { t: T; lang: Lang; onLanguage(): void }) {
  return (
    <header className="st-header">
      <h1 className="st-header__title">{t('studio.title')}</h1>
      <nav className="st-header__nav">
        <button type="button" className="st-link" onClick={onLanguage} lang={lang === 'sr' ? 'en' : 'sr'}>{t('studio.language')}</button>
        <a className="st-link" href="/">{t('studio.shop')}</a>
      </nav>
    </header>
  );
}

/** The document list by kind, filtered by the typed text; a click opens a document. */
export function DocumentSidebar({ t, documents, file, onOpen }: { t: T; documents: StudioDocument[]; file: string | null; onOpen(file: string): void }) {
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = documents.filter((d) => !q || d.id.toLowerCase().includes(q) || d.file.toLowerCase().includes(q));
    return KIND_ORDER.map((k) => [k, list.filter((d) => d.kind === k)] as const).filter(([, ds]) => ds.length > 0);
  }, [documents, filter]);
  return (
    <nav className="st-sidebar" aria-label={t('studio.documents')}>
      <input className="st-input" type="search" placeholder={t('studio.filter')} aria-label={t('studio.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
      {groups.map(([kind, ds]) => (
        <section key={kind} className="st-group">
          <h2 className="st-group__title">{t(`studio.kind.${kind}`)}</h2>
          <ul>
            {ds.map((d) => (
              <li key={d.file}>
                <button type="button" className={d.file === file ? 'st-doc st-doc--current' : 'st-doc'} aria-current={d.file === file ? 'page' : undefined} onClick={() => onOpen(d.file)}>
                  <span>{d.id}</span>
                  {d.version !== null ? <span className="st-doc__version">{t('studio.version', { version: d.version })}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

/** What a save came to: saved (while no new edits), a conflict, refused by the checker, or failed. */
function SaveStatus({ t, save, dirty, database }: { t: T; save: SaveState; dirty: boolean; database: boolean }) {
  return (
    <div role="status" className="st-status">
      {save.kind === 'saved' && !dirty ? <span className="st-ok">{t(database ? 'studio.draft.saved' : 'studio.saved')}</span>
        : save.kind === 'conflict' ? <span className="st-bad">{save.message}</span>
        : save.kind === 'refused' ? <span className="st-bad">{t('studio.save.refused')}</span>
          : save.kind === 'failed' ? <span className="st-bad">{t('studio.save.failed', { message: save.message })}</span>
            : null}
    </div>
  );
}

/** The open document's errors: each with a button that puts the cursor on its line, and what was expected or suggested. */
function ProblemList({ t, mine, onJump }: { t: T; mine: SchemaError[]; onJump(line: number, column: number): void }) {
  return (
    <ul>
      {mine.map((e, i) => (
        <li key={i} className="st-problem">
          <button type="button" className="st-problem__at" disabled={!e.line} onClick={() => e.line && onJump(e.line, e.column ?? 1)}>
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
  );
}

/** The live check's outcome: checking, valid, or the errors of the open document and of the others. */
function ProblemsPanel({ t, checking, errors, mine, others, openable, onJump, onOpen }: {
  t: T; checking: boolean; errors: SchemaError[] | null; mine: SchemaError[]; others: SchemaError[];
  openable(file: string): boolean; onJump(line: number, column: number): void; onOpen(file: string): void;
}) {
  const elsewhere = others.length;
  return (
    <section className="st-problems" aria-live="polite" data-testid="studio-errors">
      {checking && errors === null ? <p className="st-muted">{t('studio.checking')}</p>
        : errors && mine.length === 0 && elsewhere === 0 ? <p className="st-ok">{t('studio.valid')}</p>
          : errors ? (
            <>
              {mine.length > 0 ? <h2 className="st-problems__title">{t('studio.errors', { count: mine.length })}</h2> : null}
              <ProblemList t={t} mine={mine} onJump={onJump} />
              {elsewhere > 0 ? (
                <>
                  <p className="st-bad">{t('studio.errors.elsewhere', { count: elsewhere })}</p>
                  <ElsewhereErrors errors={others} openable={openable} onOpen={onOpen} />
                </>
              ) : null}
            </>
          ) : null}
      {checking && errors !== null ? <p className="st-muted st-problems__busy">{t('studio.checking')}</p> : null}
    </section>
  );
}

/** The open document's pane: toolbar (file, badges, revert, save), the save status, the editor and the problems. */
export function DocumentPane({ t, file, doc, database, current, mine, others, documents, editor, onOpen }: {
  t: T; file: string; doc: OpenDocument; database: DatabaseMode | null; current: StudioDocument | null; mine: SchemaError[]; others: SchemaError[];
  documents: StudioDocument[]; editor: RefObject<EditorHandle | null>; onOpen(file: string): void;
}) {
  const { dirty, save, saved, text, draftInfo } = doc;
  return (
    <main className="st-main">
      <div className="st-toolbar">
        <code className="st-toolbar__file">{file}</code>
        {dirty ? <span className="st-badge">{t('studio.unsaved')}</span> : null}
        {database && draftInfo ? <span className="st-badge" data-testid="studio-draft">{t('studio.draft.badge', { author: draftInfo.author ?? '?' })}</span> : null}
        <span className="st-toolbar__spacer" />
        <button type="button" className="st-button st-button--ghost" disabled={!dirty || save.kind === 'saving'} onClick={() => saved !== null && doc.setText(saved)}>{t('studio.revert')}</button>
        <button type="button" className="st-button" disabled={!dirty || save.kind === 'saving' || mine.length > 0 || others.length > 0} onClick={() => void doc.onSave()}>
          {save.kind === 'saving' ? t('studio.saving') : t(database ? 'studio.draft.save' : 'studio.save')}
        </button>
      </div>
      <SaveStatus t={t} save={save} dirty={dirty} database={!!database} />
      {saved === null ? <p className="st-muted">{t('studio.loading')}</p> : (
        <Editor key={file} ref={editor} text={text} errors={mine} kind={current?.kind ?? file.split('/')[1] ?? null} t={t}
          label={t('studio.editor.label', { file })} onChange={(v) => { doc.setText(v); doc.setSave({ kind: 'idle' }); }} />
      )}
      <ProblemsPanel t={t} checking={doc.checking} errors={doc.errors} mine={mine} others={others}
        openable={(f) => documents.some((d) => d.file === f)} onJump={(line, column) => editor.current?.jumpTo(line, column)} onOpen={onOpen} />
    </main>
  );
}

/** The preview aside: the fixture state select and the live preview of the open document's draft. */
export function PreviewAside({ t, lang, current, draft, fixtures, fixture, fixtureId, onFixture, states, previewMessages, messages }: {
  t: T; lang: Lang; current: StudioDocument; draft: unknown; fixtures: FixtureDoc[]; fixture: FixtureDoc | null; fixtureId: string; onFixture(id: string): void;
  states: string[] | null; previewMessages: Messages; messages: Record<Lang, Messages>;
}) {
  return (
    <aside className="st-aside" aria-label={t('studio.preview')}>
      <div className="st-aside__head">
        <h2>{t('studio.preview')}</h2>
        {fixtures.length > 0 ? <StateSelect fixtures={fixtures} states={states} value={fixtureId} onChange={onFixture} t={t} /> : null}
      </div>
      <PreviewPane kind={current.kind} id={current.id} draft={draft} fixture={fixture} messages={previewMessages} t={t} lang={lang} studioMessages={messages[lang]} />
    </aside>
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
