import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import uiActions from '../../../actions/ui/ui';
import { ModalHost, ToastHost, LoaderOverlay } from '../../../renderer/hosts';
import { useMoney, useT } from '../../../renderer/hooks';
import type { VocabularyProps } from '../../../renderer/types';
import { fakeFetch, makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

function Text({ text }: { text?: string } & VocabularyProps) { return <p>{text}</p>; }
function Button({ label, emit }: { label: string } & VocabularyProps) { return <button onClick={() => void emit('click')}>{label}</button>; }

function modalSetup() {
  const { fetch } = fakeFetch({ 'GET /ui/modals/m1': () => ({ body: { id: 'm1', title: { message: 'hello', params: { name: 'M' } }, body: [{ component: 'Text', bind: { text: '/modal/params/who' } }], footer: [{ component: 'Button', props: { label: 'OK' }, on: { click: { action: 'ui.closeModal' } } }] } }) });
  const r = makeRuntime({ fetch, components: { Text, Button }, actions: uiActions });
  renderWith(r.rt, <><button>outside</button><ModalHost /><ToastHost /><LoaderOverlay /></>);
  return r;
}

describe('modal host', () => {
  it('renders the modal document with /modal in scope, accessible, and closes on Esc', async () => {
    const { stores } = modalSetup();
    act(() => stores.ui.openModal('m1', { who: 'Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zdravo, M!' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await screen.findByText('Ana');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(stores.ui.modals).toHaveLength(0));
  });

  it('closes on backdrop click and traps Tab inside', async () => {
    const { stores } = modalSetup();
    act(() => stores.ui.openModal('m1', { who: 'B' }));
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('OK');
    const buttons = [...dialog.querySelectorAll('button')];
    buttons[buttons.length - 1].focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.mouseDown(dialog.parentElement!);
    await waitFor(() => expect(stores.ui.modals).toHaveLength(0));
  });
});

describe('modal focus return', () => {
  it('gives focus back to the opener, and to the page heading when the opener was redrawn meanwhile', async () => {
    const { fetch } = fakeFetch({ 'GET /ui/modals/m1': () => ({ body: { id: 'm1', title: { message: 'hello', params: { name: 'M' } }, body: [], footer: [{ component: 'Button', props: { label: 'OK' }, on: { click: { action: 'ui.closeModal' } } }] } }) });
    const { rt, stores } = makeRuntime({ fetch, components: { Button }, actions: uiActions });
    renderWith(rt, <><main id="main-content"><h1>Strana</h1><button key="a" id="opener">open</button></main><ModalHost /></>);
    const opener = document.getElementById('opener')!;
    opener.focus();
    act(() => stores.ui.openModal('m1', {}));
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('OK');
    act(() => stores.ui.closeModal('m1'));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    // the opener is replaced (a redraw) while the dialog is open: focus must not fall to the body
    act(() => stores.ui.openModal('m1', {}));
    await screen.findByRole('dialog');
    expect(dialog).toBeTruthy();
    opener.remove();
    act(() => stores.ui.closeModal('m1'));
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });
});

describe('toast host and loader', () => {
  it('shows toasts (text or message) and the loader when visible', async () => {
    const { stores } = modalSetup();
    act(() => { stores.ui.showToast({ kind: 'error', text: 'Greška servera' }); stores.ui.showToast({ kind: 'success', message: 'hello', params: { name: 'T' } }); });
    expect(screen.getByRole('alert').textContent).toContain('Greška servera');
    const statuses = () => screen.getAllByRole('status').map((el) => el.textContent ?? '');
    expect(statuses().some((text) => text.includes('Zdravo, T!'))).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // the loader's status region is in the page before the loader shows, and says so when it does
    expect(document.querySelector('.sdui-sr-only[role="status"]')?.textContent).toBe('');
    act(() => { stores.ui.requestStarted(); stores.ui.showLoaderIfBusy(); });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(document.querySelector('.sdui-sr-only[role="status"]')?.textContent).not.toBe('');
  });
});

describe('hooks', () => {
  const Probe = observer(function Probe() {
    const t = useT();
    const money = useMoney();
    return <p>{t('cart.count', { count: 22 })}|{money.format({ value: 12999, formattedValue: '', currencyIso: 'RSD' })}|{money.format(5)}</p>;
  });
  it('useT chooses the Serbian plural form; useMoney formats RSD for the language', () => {
    const { rt, stores } = makeRuntime();
    renderWith(rt, <Probe />);
    expect(screen.getByText(/proizvoda/).textContent).toBe('22 proizvoda|12.999,00 RSD|5,00 RSD');
    act(() => stores.session.setLang('en'));
    expect(screen.getByText(/proizvoda/).textContent).toBe('22 proizvoda|12.999,00 RSD|5,00 RSD');
  });
});
