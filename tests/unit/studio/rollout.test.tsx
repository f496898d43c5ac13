// The studio's rollout controls (issue 29, studio/Versions.tsx): a reviewer starts a rollout of the drafts with a share
// and a start time, sees the running one and stops it (kill switch) or makes it live for all; an editor sees it only.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Versions } from '../../../studio/Versions';
import { makeT } from '../../../studio/i18n';
import type { RolloutEntry } from '../../../studio/api';

const t = makeT(JSON.parse(readFileSync('schemas/messages/en.json', 'utf8')), 'en');
const running: RolloutEntry = {
  id: 3, versionId: 7, baseVersionId: 6, share: 10, startsAt: '2026-11-29T12:00:00.000Z', state: 'active',
  createdAt: '2026-11-29T11:00:00.000Z', endedAt: null, createdBy: 'Dejan Ristić', endedBy: null,
};

/** The studio's server as far as Versions asks it; records the writes. */
function server(rollouts: RolloutEntry[]) {
  const writes: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (init?.method === 'POST') {
      writes.push({ url, body: JSON.parse(String(init.body)) });
      if (url === '/studio/api/rollout') return json({ version: 8, rollout: 4, share: 25, startsAt: '2026-11-30T08:00:00.000Z', files: [] });
      if (url.endsWith('/stop')) return json({ stopped: 3 });
      if (url.endsWith('/promote')) return json({ promoted: 3, version: 7 });
    }
    if (url === '/studio/api/drafts') return json({ drafts: [{ file: 'schemas/messages/en.json', revision: 1, author: 'Sanja Lazić', updatedAt: '2026-11-29T10:00:00Z', baseVersion: 6 }] });
    if (url === '/studio/api/versions') return json({ versions: [] });
    if (url === '/studio/api/rollouts') return json({ rollouts });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return writes;
}

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('rollout in the studio', () => {
  it('a reviewer starts a rollout of the drafts for a share of sessions from a time', async () => {
    const writes = server([]);
    render(<Versions t={t} canPublish draftsRevision={0} onPublished={() => {}} onRefused={() => {}} />);
    expect(await screen.findByText('No rollout is running.')).toBeTruthy();
    const start = screen.getByRole('button', { name: 'Start the rollout' }) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Share of sessions (%)'), { target: { value: '0' } });
    expect(start.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Share of sessions (%)'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Start (empty: now)'), { target: { value: '2026-11-30T09:00' } });
    fireEvent.click(start);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ url: '/studio/api/rollout', body: { note: '', share: 25, startsAt: new Date('2026-11-30T09:00').toISOString() } });
    expect((await screen.findByRole('status')).textContent).toContain('Version 8 rolls out to 25 % of sessions');
  });

  it('the running rollout: the reviewer stops it or makes it live for all; an editor only sees it', async () => {
    const writes = server([running]);
    const onPublished = vi.fn();
    const { unmount } = render(<Versions t={t} canPublish draftsRevision={0} onPublished={onPublished} onRefused={() => {}} />);
    expect((await screen.findByText(/Version 7 for 10 % of sessions/)).textContent).toContain('Dejan Ristić');
    expect(screen.queryByRole('button', { name: 'Start the rollout' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop: everyone back on the live version' }));
    await waitFor(() => expect(writes.map((w) => w.url)).toEqual(['/studio/api/rollouts/3/stop']));
    expect((await screen.findByRole('status')).textContent).toContain('Rollout 3 is stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Make live for all' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(7));
    expect(writes.map((w) => w.url)).toEqual(['/studio/api/rollouts/3/stop', '/studio/api/rollouts/3/promote']);
    unmount();
    render(<Versions t={t} canPublish={false} draftsRevision={0} onPublished={() => {}} onRefused={() => {}} />);
    expect(await screen.findByText(/Version 7 for 10 % of sessions/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make live for all' })).toBeNull();
  });
});
