import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStores } from '../../../actions/stores';
import { ERROR_TOAST_MS, TOAST_MS, LOADER_DELAY_MS } from '../../../actions/stores/ui';
import * as fx from '../../fixtures/api';

afterEach(() => vi.useRealTimers());

describe('ui store', () => {
  it('removes toasts after 5 s, error toasts after 10 s', () => {
    vi.useFakeTimers();
    const { ui } = createStores();
    ui.showToast({ kind: 'info', message: 'a' });
    ui.showToast({ kind: 'error', message: 'b' });
    vi.advanceTimersByTime(TOAST_MS);
    expect(ui.toasts.map((t) => t.message)).toEqual(['b']);
    vi.advanceTimersByTime(ERROR_TOAST_MS - TOAST_MS);
    expect(ui.toasts).toEqual([]);
  });

  it('shows a toast that repeats one already shown once, with its time started again', () => {
    vi.useFakeTimers();
    const { ui } = createStores();
    ui.showToast({ kind: 'success', message: 'cart.status.success' });
    vi.advanceTimersByTime(TOAST_MS - 1000);
    ui.showToast({ kind: 'success', message: 'cart.status.success' });
    ui.showToast({ kind: 'success', message: 'other' });
    expect(ui.toasts.map((t) => t.message)).toEqual(['cart.status.success', 'other']);
    vi.advanceTimersByTime(1000);
    expect(ui.toasts.map((t) => t.message)).toEqual(['cart.status.success', 'other']);
    vi.advanceTimersByTime(TOAST_MS);
    expect(ui.toasts).toEqual([]);
  });

  it('keeps a modal stack', () => {
    const { ui } = createStores();
    ui.openModal('a');
    ui.openModal('b', { x: 1 });
    expect(ui.topModal).toEqual({ id: 'b', params: { x: 1 } });
    ui.closeModal('a');
    expect(ui.modals.map((m) => m.id)).toEqual(['b']);
    ui.closeModal();
    expect(ui.modals).toEqual([]);
  });

  it('shows the loader only after a short delay while requests are in flight', () => {
    vi.useFakeTimers();
    const { ui } = createStores();
    ui.requestStarted();
    expect(ui.loader.visible).toBe(false);
    vi.advanceTimersByTime(LOADER_DELAY_MS);
    expect(ui.loader.visible).toBe(true);
    ui.requestStarted();
    ui.requestEnded();
    expect(ui.loader.visible).toBe(true);
    ui.requestEnded();
    expect(ui.loader).toEqual({ inFlight: 0, visible: false });
    // a quick request never flashes the loader
    ui.requestStarted();
    ui.requestEnded();
    vi.advanceTimersByTime(LOADER_DELAY_MS * 2);
    expect(ui.loader.visible).toBe(false);
  });

  it('validates registered forms, stopping at the first invalid one', () => {
    const { ui } = createStores();
    const a = vi.fn(() => false);
    const b = vi.fn(() => true);
    ui.registerFormValidator('a', a);
    const off = ui.registerFormValidator('b', b);
    expect(ui.validateForms()).toBe(false);
    expect(b).not.toHaveBeenCalled();
    expect(ui.validateForms(['b'])).toBe(true);
    off();
    expect(ui.hasFormValidator('b')).toBe(false);
  });

  it('keeps form data per form', () => {
    const { ui } = createStores();
    ui.setFormData('guest', { firstName: 'Ana' });
    expect(ui.forms.guest.data).toEqual({ firstName: 'Ana' });
  });
});

describe('cart store', () => {
  it('computes totalItems, hasDevice and entry codes', () => {
    const { cart } = createStores();
    expect(cart.totalItems).toBe(0);
    expect(cart.hasDevice).toBe(false);
    cart.setCart(fx.cart({ code: 'c', entries: [
      fx.entry({ entryNumber: 0, product: { code: 'T1', name: 't', productOfferingType: 'TARIFF' } }),
      fx.entry({ entryNumber: 1, product: { code: 'D1', name: 'd', productOfferingType: 'DEVICE' } }),
    ] }));
    expect(cart.totalItems).toBe(2);
    expect(cart.hasDevice).toBe(true);
    expect(cart.entryCodes).toEqual(['T1', 'D1']);
  });
});

describe('checkout store', () => {
  it('starts consents unchecked and clears a consent error once checked', () => {
    const { checkout } = createStores();
    checkout.setConsentTemplates([{ id: 'terms', name: 'T', required: true, selected: true }, { id: 'news', name: 'N', required: false, selected: true }]);
    expect(checkout.consents).toEqual({ terms: false, news: false });
    checkout.setConsentErrors(['terms']);
    checkout.setConsent('terms', true);
    expect(checkout.consentErrors).toEqual([]);
  });

  it('checks again the consents given for a failed order whose cart was reopened (given), others stay unchecked', () => {
    const { checkout } = createStores();
    checkout.setConsentTemplates([{ id: 'terms', name: 'T', required: true, selected: false, given: true }, { id: 'news', name: 'N', required: false, selected: false, given: false }]);
    expect(checkout.consents).toEqual({ terms: true, news: false });
  });
});

describe('session store', () => {
  it('translates in the current language and tracks authorization', () => {
    const { session } = createStores();
    session.setMessages({ k: 'v {x}' });
    expect(session.t('k', { x: 1 })).toBe('v 1');
    session.setUser(fx.user({ customerId: '1' }));
    expect(session.isAuthorized).toBe(true);
    session.setUser(null);
    expect(session.isAuthorized).toBe(false);
  });
});
