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

describe('toast host and loader', () => {
  it('shows toasts (text or message) and the loader when visible', async () => {
    const { stores } = modalSetup();
    act(() => { stores.ui.showToast({ kind: 'error', text: 'Greška servera' }); stores.ui.showToast({ kind: 'success', message: 'hello', params: { name: 'T' } }); });
    expect(screen.getByRole('alert').textContent).toContain('Greška servera');
    expect(screen.getByRole('status').textContent).toContain('Zdravo, T!');
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => { stores.ui.requestStarted(); stores.ui.showLoaderIfBusy(); });
    expect(screen.getByRole('progressbar')).toBeTruthy();
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
    expect(screen.getByText(/proizvoda/).textContent).toBe('22 proizvoda|12,999.00 RSD|5.00 RSD');
  });
});
