/**
 * The studio page: the list of every document, the open document's JSON with live validation (the server's
 * checker on the whole set with the draft in place, 300 ms after the last keystroke), the live preview in a
 * fixture state, and save (refused by the server while the set has errors). When the documents live in the database
 * (issue 29) a save is a draft shoppers never see, and the publishing panel (Versions.tsx) publishes and rolls back.
 */
import { useRef, useState } from 'react';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { FixtureDoc } from '../renderer/fixtures';
import { Manage } from './Manage';
import { Versions } from './Versions';
import type { EditorHandle } from './Editor';
import type { FixtureStates } from './fixtureStates';
import type { T } from './i18n';
import { useDocumentList, useFollowServedSet, useOpenDocument, usePreview } from './studioHooks';
import { DocumentPane, DocumentSidebar, PreviewAside, StudioHeader } from './studioParts';

export { CHECK_DELAY_MS } from './studioHooks';
export { ElsewhereErrors } from './studioParts';

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

/** The studio page: the document list, the open document's pane, its preview, and (database mode) drafts and publishing. */
export function Studio({ t, lang, messages, fixtures, fixtureStates = null, initialFile, onLanguage }: StudioProps) {
  const [draftsRevision, setDraftsRevision] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<string | null>(initialFile);
  const [fixtureId, setFixtureId] = useState<string>(fixtures[0]?.id ?? '');
  const editor = useRef<EditorHandle>(null);
  const { documents, database, refreshList } = useDocumentList(setLoadError);
  const { reloadFile, requestReload, openState } = useFollowServedSet(refreshList, file);
  const doc = useOpenDocument({ file, database, reloadFile, openState, setLoadError, onDraftSaved: () => setDraftsRevision((n) => n + 1) });

  const current = documents.find((d) => d.file === file) ?? null;
  const mine = (doc.errors ?? []).filter((e) => e.file === file);
  const others = (doc.errors ?? []).filter((e) => e.file !== file);
  const { draft, fixture, previewMessages, states } = usePreview({ previewText: doc.previewText, fixtures, fixtureId, current, messages, fixtureStates });

  return (
    <div className="st-app">
      <StudioHeader t={t} lang={lang} onLanguage={onLanguage} />
      {loadError ? <p role="alert" className="st-alert st-alert--error">{t('studio.loadFailed', { message: loadError })}</p> : null}
      <div className="st-body">
        <DocumentSidebar t={t} documents={documents} file={file} onOpen={setFile} />

        {!file ? <p className="st-empty">{t('studio.empty')}</p> : (
          <DocumentPane t={t} file={file} doc={doc} database={database} current={current} mine={mine} others={others} documents={documents} editor={editor} onOpen={setFile} />
        )}

        {file && current ? (
          <PreviewAside t={t} lang={lang} current={current} draft={draft} fixtures={fixtures} fixture={fixture} fixtureId={fixtureId} onFixture={setFixtureId}
            states={states} previewMessages={previewMessages} messages={messages} />
        ) : null}
        {database?.roles.includes('editor') ? (
          <Manage t={t} file={file} revision={doc.draftInfo?.revision ?? null} onOpen={(f) => { refreshList(); setFile(f); }}
            onChanged={() => { setDraftsRevision((n) => n + 1); refreshList(); requestReload(); }} />
        ) : null}
        {database ? (
          <Versions t={t} canPublish={database.roles.includes('reviewer')} draftsRevision={draftsRevision}
            onPublished={() => { doc.setDraftInfo(null); setDraftsRevision((n) => n + 1); refreshList(); requestReload(); }}
            onRefused={(errs) => doc.setErrors(errs)} />
        ) : null}
      </div>
    </div>
  );
}
