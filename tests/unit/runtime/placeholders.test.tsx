// Components drawing data that arrives after the first paint keep its place while it loads (issue 8: no layout
// shift): the placeholder is in the layout (so what follows does not move when the data comes) but hidden from
// assistive technology and from the tab order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import FacetPanel from '../../../components/catalog/FacetPanel';
import SortSelect from '../../../components/catalog/SortSelect';
import HeroDevices from '../../../components/catalog/HeroDevices';
import ProductGrid from '../../../components/catalog/ProductGrid';
import CheckoutSteps from '../../../components/checkout/CheckoutSteps';
import GiftOffer from '../../../components/pdp/GiftOffer';
import type { VocabularyProps } from '../../../renderer/types';
import { makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

const common: VocabularyProps = { emit: vi.fn(async () => true), enabled: true };

function draw(el: React.ReactElement) {
  const { rt } = makeRuntime();
  return renderWith(rt, <MemoryRouter>{el}</MemoryRouter>).container;
}

function expectHiddenPlaceholder(box: Element | null) {
  expect(box).not.toBeNull();
  expect(box!.getAttribute('aria-hidden')).toBe('true');
  expect(box!.classList.contains('ot-placeholder')).toBe(true); // visibility: hidden, the size kept
  for (const el of box!.querySelectorAll('button, a, input, select')) expect(el.matches('[disabled], [tabindex="-1"]')).toBe(true);
}

describe('placeholders while the data loads', () => {
  it('the facet panel keeps its column / the Filters button its row', () => {
    const c = draw(<FacetPanel facets={[]} {...common} />);
    expectHiddenPlaceholder(c.querySelector('.ot-facets'));
    expect(c.querySelector('.ot-facets__toggle')).not.toBeNull();
  });

  it('the phone page\'s gift block keeps its place while the gift loads, and is gone when there is none', () => {
    expectHiddenPlaceholder(draw(<GiftOffer gift={null} reserve {...common} />).querySelector('.ot-gift'));
    cleanup();
    expect(draw(<GiftOffer gift={null} reserve={false} {...common} />).querySelector('.ot-gift')).toBeNull();
    cleanup();
    const shown = draw(<GiftOffer gift={{ target: { code: 'G', name: 'JBL Wave Buds', price: { value: 3999 } } }} reserve={false} {...common} />).querySelector('.ot-gift');
    expect(shown?.classList.contains('ot-placeholder')).toBe(false);
    expect(shown?.textContent).toContain('JBL Wave Buds');
  });

  it('the sort select keeps its place', () => {
    const c = draw(<SortSelect sorts={null} {...common} />);
    expectHiddenPlaceholder(c.querySelector('.ot-sort'));
    expect(c.querySelector('select')!.hasAttribute('disabled')).toBe(true);
  });

  it('the checkout steps hold the bar of the guest flow', () => {
    const c = draw(<CheckoutSteps steps={[]} {...common} />);
    expectHiddenPlaceholder(c.querySelector('.ot-checkoutsteps'));
    expect(c.querySelectorAll('.ot-progress li')).toHaveLength(2);
  });

  it('the featured devices hold four tiles before and while they load', () => {
    const c = draw(<HeroDevices title="Izdvojeno" products={[]} {...common} />);
    expect(c.querySelectorAll('li.ot-skeleton[aria-hidden="true"]')).toHaveLength(4);
  });

  it('with data, the real thing: the list\'s first row loads its pictures eagerly with high priority, the rest lazily', () => {
    const products = [1, 2, 3].map((n) => ({ code: `P${n}`, name: `Phone ${n}`, images: [{ url: `/p${n}.svg`, altText: `Phone ${n}` }] }));
    const c = draw(<ProductGrid products={products as never} {...common} />);
    const imgs = [...c.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(imgs.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', 'high', null]);
    expect(c.querySelectorAll('h2.ot-pcard__name')).toHaveLength(3);
  });
});
