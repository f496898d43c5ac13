// Component behaviour that the screens do not reach: accordion breakpoint, pager window, pricing rules.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RuntimeContext, ScopeContext } from '../../renderer/context';
import Accordion from '../../components/common/Accordion';
import AccordionItem from '../../components/common/AccordionItem';
import { pageHref, pageWindow } from '../../components/catalog/Pager';
import { paymentOutcome } from '../../components/checkout/PaymentResult';
import { availableChargeTypes, findTariff, planFor, recurringPeriods } from '../../actions/pricing';
import { formatAddress } from '../../components/checkout/OrderOverview';
import emptyCart from '../../schemas/fixtures/empty-cart.json';
import type { FixtureDoc } from '../../renderer/fixtures';

const pdpProduct = () => structuredClone((emptyCart as unknown as FixtureDoc).state.catalog.pdp!.product);
import { makeHarness } from './harness';

afterEach(cleanup);

const noop = { emit: async () => true, enabled: true };

function renderAccordion(showTitle: string) {
  const h = makeHarness('empty-cart');
  return render(
    <RuntimeContext.Provider value={h.rt}>
      <ScopeContext.Provider value={{}}>
        <Accordion title="Česta pitanja" showTitle={showTitle} {...noop}>
          <AccordionItem title="Prvo" text="Odgovor 1" {...noop} />
          <AccordionItem title="Drugo" text="Odgovor 2" {...noop} />
        </Accordion>
      </ScopeContext.Provider>
    </RuntimeContext.Provider>,
  );
}

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  window.dispatchEvent(new Event('resize'));
}

describe('Accordion', () => {
  it('shows the H1 only when the flag is the string "True"', () => {
    renderAccordion('True');
    expect(screen.getByRole('heading', { level: 1, name: 'Česta pitanja' })).toBeTruthy();
    cleanup();
    renderAccordion('true');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('below 1024 px one item is open at a time; from 1024 px several', () => {
    act(() => setWidth(800));
    renderAccordion('False');
    const [a, b] = screen.getAllByRole('button');
    fireEvent.click(a);
    fireEvent.click(b);
    expect([a.getAttribute('aria-expanded'), b.getAttribute('aria-expanded')]).toEqual(['false', 'true']);
    cleanup();
    act(() => setWidth(1280));
    renderAccordion('False');
    const [c, d] = screen.getAllByRole('button');
    fireEvent.click(c);
    fireEvent.click(d);
    expect([c.getAttribute('aria-expanded'), d.getAttribute('aria-expanded')]).toEqual(['true', 'true']);
    act(() => setWidth(600));
    expect([c.getAttribute('aria-expanded'), d.getAttribute('aria-expanded')]).toEqual(['false', 'true']);
  });
});

describe('Pager helpers', () => {
  it('keeps first, last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(4, 10)).toEqual([0, null, 3, 4, 5, null, 9]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
  });
  it('page addresses count from 1 with /page/{n}; the first page has no suffix', () => {
    expect(pageHref('/Privatni/Uredjaji/Tip-uredjaja/telefoni', 0)).toBe('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
    expect(pageHref('/Privatni/Uredjaji/Tip-uredjaja/telefoni', 2)).toBe('/Privatni/Uredjaji/Tip-uredjaja/telefoni/page/3');
  });
});

describe('pricing rules of the device page', () => {
  const p = pdpProduct();
  it('finds child tariffs and the plan of the chosen term and payment type', () => {
    const t = findTariff(p, 'ORBITA_MAX_M');
    expect(t?.name).toBe('Orbita Max M');
    expect(planFor(t, 'T12', 'RECURRING_CHARGE')?.id).toBe('PP_M_12');
    expect(planFor(t, null, 'RECURRING_CHARGE')?.id).toBe('PP_M_24');
  });
  it('installments only where the plan has a recurring part; one-off without a tariff from the product', () => {
    expect(availableChargeTypes(p, findTariff(p, 'ORBITA_START'), 'T24')).toEqual({ recurring: false, oneTime: true });
    expect(availableChargeTypes(p, findTariff(p, 'ORBITA_MAX_S'), 'T24')).toEqual({ recurring: true, oneTime: true });
    expect(availableChargeTypes(p, null, null)).toEqual({ recurring: false, oneTime: true });
  });
  it('recurring charge entries become month periods ending at cycleEnd', () => {
    const entries = planFor(findTariff(p, 'ORBITA_MAX_M'), 'T24', 'RECURRING_CHARGE')!.recurring!.chargeEntries;
    expect(recurringPeriods(entries).map((x) => [x.from, x.to])).toEqual([[1, 6], [7, null]]);
  });
});

describe('small rules', () => {
  it('payment outcome from the order status', () => {
    expect(paymentOutcome(null)).toBe('pending');
    expect(paymentOutcome({ paymentStatus: 'PENDING', errorType: null })).toBe('pending');
    expect(paymentOutcome({ paymentStatus: 'PAID', errorType: null })).toBe('paid');
    expect(paymentOutcome({ paymentStatus: 'DECLINED', errorType: null })).toBe('declined');
    expect(paymentOutcome({ paymentStatus: 'DECLINED', errorType: 'MtsCardLimitError' })).toBe('cardLimit');
  });
  it('addresses: the server formattedAddress wins, else composed from the parts', () => {
    const t = (k: string, p?: Record<string, unknown>) => `${k.split('.')[1]} ${String(p?.v)}`;
    expect(formatAddress({ formattedAddress: 'Knez Mihailova 1, Beograd' }, t)).toBe('Knez Mihailova 1, Beograd');
    expect(formatAddress({ line1: 'Njegoševa', line2: '5', floor: '2', postalCode: '21000', town: 'Novi Sad' }, t)).toBe('Njegoševa 5, floor 2, 21000 Novi Sad');
  });
});
