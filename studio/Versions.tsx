/**
 * Publishing (issue 29, when the documents live in the database): the drafts waiting, publish with a note (reviewers;
 * refused with the checker's errors), scheduled and partial rollout of the drafts with its kill switch and promote
 * (reviewers), the version history with each version's changes per document, and rollback to an earlier version
 * (reviewers). Editors see the same lists and history without the buttons that need the reviewer role.
 */
import { useCallback, useEffect, useState } from 'react';
import { studioApi, StudioApiError, type DraftListEntry, type RolloutEntry, type SchemaError, type VersionDiff, type VersionEntry } from './api';
import type { T } from './i18n';

export interface VersionsProps {
  t: T;
  canPublish: boolean;
  /** raised by the studio after each draft save (the draft list is read again) */
  draftsRevision: number;
  /** after a publish or rollback: the studio reloads the list and the open document */
  onPublished(version: number): void;
  /** the errors a refused publish answered (shown by the studio under the lines of the open document) */
  onRefused(errors: SchemaError[]): void;
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'ok'; text: string } | { kind: 'bad'; text: string; errors?: SchemaError[] };

/** A date and time as the page's language writes it, short. */
const at = (iso: string) => new Date(iso).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'short', timeStyle: 'short' });

/** The drafts waiting, the version history and the rollouts, read again after each draft save and by `reload`. */
function usePublishingLists(draftsRevision: number) {
  const [drafts, setDrafts] = useState<DraftListEntry[]>([]);
  const [versions, setVersions] = useState<VersionEntry[]>([]);
  const [rollouts, setRollouts] = useState<RolloutEntry[]>([]);
  const reload = useCallback(() => {
    studioApi.drafts().then(setDrafts, () => {});
    studioApi.versions().then(setVersions, () => {});
    studioApi.rollouts().then(setRollouts, () => {});
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: draftsRevision is not read but is the trigger: the lists are read again after each draft save; without it they would be read on mount only
  useEffect(reload, [reload, draftsRevision]);
  return { drafts, versions, rollouts, reload };
}

/** The reviewer's actions (publish, start / stop / promote a rollout, roll back), the note and rollout fields, and their status. */
function usePublishActions({ t, reload, onPublished, onRefused }: { t: T; reload(): void } & Pick<VersionsProps, 'onPublished' | 'onRefused'>) {
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [share, setShare] = useState('10');
  const [startsAt, setStartsAt] = useState('');

  const fail = (e: unknown) => {
    const errors = e instanceof StudioApiError ? e.schemaErrors : [];
    if (errors.length) onRefused(errors);
    setStatus({ kind: 'bad', text: e instanceof Error ? e.message : String(e), errors });
  };

  const publish = async () => {
    setStatus({ kind: 'busy' });
    try {
      const r = await studioApi.publish(note);
      setNote('');
      setStatus({ kind: 'ok', text: t('studio.publish.done', { version: r.version }) });
      onPublished(r.version);
      reload();
    } catch (e) { fail(e); }
  };

  const rollout = async () => {
    setStatus({ kind: 'busy' });
    try {
      // datetime-local is the analyst's local time; the server gets an instant
      const r = await studioApi.rollout(note, Number(share), startsAt ? new Date(startsAt).toISOString() : undefined);
      setNote('');
      setStartsAt('');
      setStatus({ kind: 'ok', text: t(r.share === 100 ? 'studio.rollout.scheduled' : 'studio.rollout.started', { version: r.version, share: r.share, at: at(r.startsAt) }) });
      reload();
    } catch (e) { fail(e); }
  };

  const stop = async (r: RolloutEntry) => {
    setStatus({ kind: 'busy' });
    try {
      await studioApi.stopRollout(r.id);
      setStatus({ kind: 'ok', text: t('studio.rollout.stopped', { rollout: r.id }) });
      reload();
    } catch (e) { fail(e); }
  };

  const promote = async (r: RolloutEntry) => {
    setStatus({ kind: 'busy' });
    try {
      const p = await studioApi.promoteRollout(r.id);
      setStatus({ kind: 'ok', text: t('studio.rollout.promoted', { version: p.version }) });
      onPublished(p.version);
      reload();
    } catch (e) { fail(e); }
  };

  const rollback = async (v: VersionEntry) => {
    setStatus({ kind: 'busy' });
    try {
      const r = await studioApi.rollback(v.id, note);
      setNote('');
      setStatus({ kind: 'ok', text: t('studio.rollback.done', { version: r.version, of: v.id }) });
      onPublished(r.version);
      reload();
    } catch (e) { fail(e); }
  };
  return { note, setNote, status, share, setShare, startsAt, setStartsAt, fail, publish, rollout, stop, promote, rollback };
}

type Actions = ReturnType<typeof usePublishActions>;

/** The running rollout (with stop and promote for reviewers), the form that starts one, and the history of the others. */
function RolloutSection({ t, canPublish, rollouts, drafts, actions }: { t: T; canPublish: boolean; rollouts: RolloutEntry[]; drafts: DraftListEntry[]; actions: Actions }) {
  const { status, share, setShare, startsAt, setStartsAt, stop, promote, rollout } = actions;
  const active = rollouts.find((r) => r.state === 'active') ?? null;
  return (
    <section className="st-rollout" aria-labelledby="st-rollout-title" data-testid="studio-rollout">
      <h2 className="st-group__title" id="st-rollout-title">{t('studio.rollout.title')}</h2>
      {active ? (
        <div className="st-rollout__active">
          <p>
            <span className="st-badge">{t('studio.rollout.state.active')}</span>{' '}
            {t('studio.rollout.running', { version: active.versionId, share: active.share, at: at(active.startsAt), author: active.createdBy ?? '?' })}
          </p>
          {canPublish ? (
            <p className="st-rollout__actions">
              <button type="button" className="st-button" disabled={status.kind === 'busy'} onClick={() => void stop(active)}>{t('studio.rollout.stop')}</button>{' '}
              <button type="button" className="st-button st-button--ghost" disabled={status.kind === 'busy'} onClick={() => void promote(active)}>{t('studio.rollout.promote')}</button>
            </p>
          ) : null}
        </div>
      ) : <p className="st-muted">{t('studio.rollout.none')}</p>}
      {canPublish && !active ? (
        <div className="st-rollout__form">
          <p className="st-muted" id="st-rollout-hint">{t('studio.rollout.hint')}</p>
          <label className="st-field">
            <span>{t('studio.rollout.share')}</span>
            <input className="st-input" type="number" min={1} max={100} step={1} required value={share} aria-describedby="st-rollout-hint"
              onChange={(e) => setShare(e.target.value)} />
          </label>
          <label className="st-field">
            <span>{t('studio.rollout.startsAt')}</span>
            <input className="st-input" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </label>
          <button type="button" className="st-button" onClick={() => void rollout()}
            disabled={drafts.length === 0 || status.kind === 'busy' || !/^(100|[1-9][0-9]?)$/.test(share)}>
            {status.kind === 'busy' ? t('studio.rollout.busy') : t('studio.rollout.start')}
          </button>
        </div>
      ) : null}
      {rollouts.some((r) => r.state !== 'active') ? (
        <details>
          <summary>{t('studio.rollout.history')}</summary>
          <ul data-testid="studio-rollouts">
            {rollouts.filter((r) => r.state !== 'active').map((r) => (
              <li key={r.id}>
                {t('studio.rollout.entry', { rollout: r.id, version: r.versionId, share: r.share, at: at(r.startsAt) })}{' '}
                <span className="st-muted">({t(`studio.rollout.state.${r.state}`)}{r.endedBy ? ` · ${r.endedBy}` : ''})</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** The outcome of the last action: its text, or the failure with the first 20 errors of a refusal. */
function StatusLine({ status }: { status: Status }) {
  return (
    <div role="status" className="st-status">
      {status.kind === 'ok' ? <span className="st-ok">{status.text}</span> : status.kind === 'bad' ? (
        <div className="st-bad">
          <p>{status.text}</p>
          {status.errors?.length ? (
            <ul>{status.errors.slice(0, 20).map((e, i) => <li key={i}><code>{e.file}{e.line ? `:${e.line}` : ''}{e.pointer ? ` ${e.pointer}` : ''}</code> {e.message}</li>)}</ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The changes of one version against the one before, per document, as +/- lines. */
function DiffView({ t, diff }: { t: T; diff: VersionDiff }) {
  return (
    <div className="st-diff" data-testid="studio-diff">
      <h3>{t('studio.versions.diff', { version: diff.version, against: diff.against ?? '—' })}</h3>
      {diff.documents.length === 0 ? <p className="st-muted">{t('studio.versions.noChanges')}</p> : diff.documents.map((d) => (
        <details key={d.file} open>
          <summary><code>{d.file}</code> ({t(`studio.versions.status.${d.status}`)})</summary>
          <pre className="st-diff__lines">{d.lines.map((l, i) => <span key={i} className={l.op === '+' ? 'st-diff__add' : l.op === '-' ? 'st-diff__del' : undefined}>{`${l.op} ${l.text}\n`}</span>)}</pre>
        </details>
      ))}
    </div>
  );
}

/** The publishing panel: drafts, publish, rollout, the status of the last action, the version history and a version's changes. */
export function Versions({ t, canPublish, draftsRevision, onPublished, onRefused }: VersionsProps) {
  const { drafts, versions, rollouts, reload } = usePublishingLists(draftsRevision);
  const actions = usePublishActions({ t, reload, onPublished, onRefused });
  const { note, setNote, status, fail, publish, rollback } = actions;
  const [diff, setDiff] = useState<VersionDiff | null>(null);

  return (
    <section className="st-versions" aria-label={t('studio.versions.title')}>
      <h2 className="st-group__title">{t('studio.drafts.title', { count: drafts.length })}</h2>
      {drafts.length === 0 ? <p className="st-muted">{t('studio.drafts.none')}</p> : (
        <ul data-testid="studio-drafts">
          {drafts.map((d) => (
            <li key={d.file}><code>{d.file}</code> <span className="st-muted">{t('studio.drafts.by', { author: d.author ?? '?', at: d.updatedAt.slice(0, 16).replace('T', ' ') })}</span></li>
          ))}
        </ul>
      )}
      {canPublish ? (
        <div className="st-versions__publish">
          <label className="st-field">
            <span>{t('studio.publish.note')}</span>
            <input className="st-input" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="button" className="st-button" disabled={drafts.length === 0 || status.kind === 'busy'} onClick={() => void publish()}>
            {status.kind === 'busy' ? t('studio.publish.busy') : t('studio.publish')}
          </button>
        </div>
      ) : <p className="st-muted">{t('studio.publish.reviewerOnly')}</p>}
      <RolloutSection t={t} canPublish={canPublish} rollouts={rollouts} drafts={drafts} actions={actions} />
      <StatusLine status={status} />
      <h2 className="st-group__title">{t('studio.versions.title')}</h2>
      <ol className="st-versions__list" data-testid="studio-versions">
        {versions.map((v) => (
          <li key={v.id}>
            <strong>{t('studio.version', { version: v.id })}</strong>{v.live ? <span className="st-badge">{t('studio.versions.live')}</span> : null}
            {' '}<span className="st-muted">{v.createdAt.slice(0, 16).replace('T', ' ')} · {v.author ?? t('studio.versions.release')}</span>
            {v.note ? <p>{v.note}</p> : null}
            <button type="button" className="st-link" onClick={() => studioApi.diff(v.id).then(setDiff, fail)}>{t('studio.versions.changes')}</button>
            {canPublish && !v.live ? <button type="button" className="st-link" disabled={status.kind === 'busy'} onClick={() => void rollback(v)}>{t('studio.versions.rollback')}</button> : null}
          </li>
        ))}
      </ol>
      {diff ? <DiffView t={t} diff={diff} /> : null}
    </section>
  );
}
