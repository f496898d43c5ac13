/**
 * Documents and message keys as drafts (issue 29, when the documents live in the database; editors): a new document
 * of a kind starts from its template, the open document can be deleted (the checker at publish refuses while another
 * document names it), and a message key is added to or removed from sr and en together.
 */
import { useId, useState } from 'react';
import { studioApi } from './api';
import type { T } from './i18n';

const FOLDERS = ['screens', 'modals', 'forms', 'fragments', 'flows', 'rules'] as const;
const ID = /^[a-z0-9][a-z0-9-]{0,60}$/;
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;

export interface ManageProps {
  t: T;
  /** the open document (schemas/<folder>/<id>.json), if any */
  file: string | null;
  /** its draft revision (null: no draft yet) */
  revision: number | null;
  /** a document was created: the studio opens it */
  onOpen(file: string): void;
  /** drafts changed: the studio reads its lists and the open document again */
  onChanged(): void;
}

type Status = { kind: 'idle' | 'busy' } | { kind: 'ok' | 'bad'; text: string };

export function Manage({ t, file, revision, onOpen, onChanged }: ManageProps) {
  const ids = useId();
  const [folder, setFolder] = useState<(typeof FOLDERS)[number]>('screens');
  const [id, setId] = useState('');
  const [key, setKey] = useState('');
  const [sr, setSr] = useState('');
  const [en, setEn] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const busy = status.kind === 'busy';
  const run = async (work: () => Promise<string>) => {
    setStatus({ kind: 'busy' });
    try {
      setStatus({ kind: 'ok', text: await work() });
      onChanged();
    } catch (e) {
      setStatus({ kind: 'bad', text: e instanceof Error ? e.message : String(e) });
    }
  };
  const deletable = file !== null && !file.startsWith('schemas/messages/') && !file.startsWith('schemas/fixtures/');

  return (
    <section className="st-manage" aria-labelledby={`${ids}-title`} data-testid="studio-manage">
      <h2 className="st-group__title" id={`${ids}-title`}>{t('studio.manage.title')}</h2>
      <form className="st-manage__row" onSubmit={(e) => {
        e.preventDefault();
        const target = `schemas/${folder}/${id}.json`;
        void run(async () => { await studioApi.createDocument(target); setId(''); onOpen(target); return t('studio.manage.created', { file: target }); });
      }}>
        <label className="st-field">
          <span>{t('studio.manage.kind')}</span>
          <select className="st-input" value={folder} onChange={(e) => setFolder(e.target.value as (typeof FOLDERS)[number])}>
            {FOLDERS.map((f) => <option key={f} value={f}>{t(`studio.kind.${f}`)}</option>)}
          </select>
        </label>
        <label className="st-field">
          <span>{t('studio.manage.id')}</span>
          <input className="st-input" value={id} onChange={(e) => setId(e.target.value.trim())} aria-invalid={id !== '' && !ID.test(id)} />
        </label>
        <button type="submit" className="st-button" disabled={busy || !ID.test(id)}>{t('studio.manage.create')}</button>
      </form>
      {deletable ? (
        <p className="st-manage__row">
          <button type="button" className="st-button st-button--ghost" disabled={busy} onClick={() => {
            if (!window.confirm(t('studio.manage.deleteConfirm', { file }))) return;
            void run(async () => { await studioApi.deleteDocument(file, revision); return t('studio.manage.deleted', { file }); });
          }}>{t('studio.manage.delete', { file })}</button>
        </p>
      ) : null}
      <form className="st-manage__row" onSubmit={(e) => {
        e.preventDefault();
        void run(async () => { await studioApi.setMessage(key, sr, en); setSr(''); setEn(''); return t('studio.manage.keySaved', { key }); });
      }}>
        <label className="st-field">
          <span>{t('studio.manage.key')}</span>
          <input className="st-input" value={key} onChange={(e) => setKey(e.target.value.trim())} aria-invalid={key !== '' && !KEY.test(key)} />
        </label>
        <label className="st-field" lang="sr-Latn">
          <span>{t('studio.manage.sr')}</span>
          <input className="st-input" value={sr} onChange={(e) => setSr(e.target.value)} />
        </label>
        <label className="st-field" lang="en">
          <span>{t('studio.manage.en')}</span>
          <input className="st-input" value={en} onChange={(e) => setEn(e.target.value)} />
        </label>
        <button type="submit" className="st-button" disabled={busy || !KEY.test(key) || !sr || !en}>{t('studio.manage.keyAdd')}</button>
        <button type="button" className="st-button st-button--ghost" disabled={busy || !KEY.test(key)}
          onClick={() => void run(async () => { await studioApi.removeMessage(key); return t('studio.manage.keyRemoved', { key }); })}>
          {t('studio.manage.keyRemove')}
        </button>
      </form>
      <div role="status" className="st-status">
        {status.kind === 'ok' ? <span className="st-ok">{status.text}</span> : status.kind === 'bad' ? <span className="st-bad">{status.text}</span> : null}
      </div>
    </section>
  );
}
