// The studio's documents and message keys panel (issue 29, studio/Manage.tsx): a new document of a kind, the open
// document deleted as a draft, a message key added to / removed from sr and en together.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Manage } from '../../../studio/Manage';
import { makeT } from '../../../studio/i18n';

const t = makeT(JSON.parse(readFileSync('schemas/messages/en.json', 'utf8')), 'en');

function server() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify({}), { status: 200 });
  }));
  return calls;
}

afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('documents and message keys in the studio', () => {
  it('creates a document of the chosen kind and opens it', async () => {
    const calls = server();
    const onOpen = vi.fn();
    render(<Manage t={t} file={null} revision={null} onOpen={onOpen} onChanged={() => {}} />);
    const create = screen.getByRole('button', { name: 'Create a draft document' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Id (lower-case letters, digits, hyphens)'), { target: { value: 'Bad id' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'modals' } });
    fireEvent.change(screen.getByLabelText('Id (lower-case letters, digits, hyphens)'), { target: { value: 'letnja-akcija' } });
    fireEvent.click(create);
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('schemas/modals/letnja-akcija.json'));
    expect(calls).toEqual([{ method: 'POST', url: '/studio/api/documents/new', body: { file: 'schemas/modals/letnja-akcija.json' } }]);
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('deletes the open document after a confirmation, and edits a message key in both languages', async () => {
    const calls = server();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Manage t={t} file="schemas/screens/roaming.json" revision={4} onOpen={() => {}} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete schemas/screens/roaming.json (draft)' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/studio/api/documents/delete', body: { file: 'schemas/screens/roaming.json', revision: 4 } });
    fireEvent.change(screen.getByLabelText('Message key'), { target: { value: 'promo.summer.title' } });
    const add = screen.getByRole('button', { name: 'Add or change the key (sr and en)' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Text (Serbian)'), { target: { value: 'Letnja akcija' } });
    expect(add.disabled).toBe(true); // the English text is missing
    fireEvent.change(screen.getByLabelText('Text (English)'), { target: { value: 'Summer offer' } });
    // the buttons wait while a call is answered (the delete's answer may come after its call was seen)
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'POST', url: '/studio/api/messages', body: { key: 'promo.summer.title', sr: 'Letnja akcija', en: 'Summer offer' } });
    const remove = screen.getByRole('button', { name: 'Remove the key (sr and en)' }) as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ method: 'DELETE', url: '/studio/api/messages?key=promo.summer.title' });
  });
});
