// Issue 15 "Screen readers: live regions for … cart count changes" and "the mini cart returns focus to its button on
// Escape and on close": the mini cart's polite status region says the new count when it changes (not on the first
// draw), and closing the panel by Escape or by a control inside it gives focus back to the cart button.
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import MiniCart from '../../../components/cart/MiniCart';
import srMessages from '../../../schemas/messages/sr.json';
import { makeRuntime, renderWith } from './helpers';

function runtime() {
  const r = makeRuntime();
  r.stores.session.setMessages(srMessages as never);
  return r;
}

afterEach(cleanup);

let setCount: (n: number) => void = () => undefined;
let setOpen: (v: boolean) => void = () => undefined;

function Harness() {
  const [count, sc] = useState(0);
  const [open, so] = useState(false);
  setCount = sc;
  setOpen = so;
  return (
    <MemoryRouter>
      <MiniCart cart={null} listUrl="/Privatni/Uredjaji/Tip-uredjaja/telefoni" count={count} open={open} enabled
        emit={async (event: string) => { if (event === 'toggle') so((v) => !v); if (event === 'close') so(false); return true; }} />
    </MemoryRouter>
  );
}

describe('mini cart accessibility', () => {
  it('announces a change of the count in a polite status region, not the first draw', () => {
    const { rt } = runtime();
    renderWith(rt, <Harness />);
    const status = document.querySelector('.ot-minicart [role="status"]')!;
    expect(status.textContent).toBe('');
    act(() => setCount(2));
    expect(status.textContent).toBe('Korpa, broj stavki: 2');
    expect(screen.getByRole('button', { name: 'Korpa, broj stavki: 2' })).toBeTruthy();
  });

  it('gives focus back to the cart button on Escape and when a control inside the panel closes it', async () => {
    const { rt } = runtime();
    renderWith(rt, <Harness />);
    const button = screen.getByRole('button', { name: /Korpa, broj stavki/ });
    act(() => setOpen(true));
    const panel = await screen.findByRole('dialog');
    panel.querySelector<HTMLElement>('a')!.focus();
    expect(panel.contains(document.activeElement)).toBe(true);
    act(() => { fireEvent.keyDown(document, { key: 'Escape' }); });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    // open again; the link inside (the empty cart's "to the phones") closes it: focus is on the button again
    act(() => setOpen(true));
    const link = (await screen.findByRole('dialog')).querySelector<HTMLElement>('a')!;
    link.focus();
    act(() => { fireEvent.click(link); });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
