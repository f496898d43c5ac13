// A banner draws its CMS accent colour (answered only when it passes the CMS hex-colour rule, server/lib/cms-rules.ts)
// as a stripe; without one it draws none.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { BannerView } from '../../../components/catalog/BannerCard';

afterEach(cleanup);
const banner = { uid: 'b', headline: 'Naslov', content: 'Tekst', ctaButtonName: null, url: null, webPosition: 1, media: null };

describe('banner accent colour', () => {
  it('draws the answered colour as the accent stripe, and nothing without one', () => {
    const { container, rerender } = render(createElement(MemoryRouter, null, createElement(BannerView, { banner: { ...banner, accentColor: '#e30613' } })));
    const aside = container.querySelector('aside')!;
    expect(aside.className).toContain('ot-banner--accent');
    expect(aside.style.getPropertyValue('--ot-banner-accent')).toBe('#e30613');
    rerender(createElement(MemoryRouter, null, createElement(BannerView, { banner: { ...banner, accentColor: null } })));
    const plain = container.querySelector('aside')!;
    expect(plain.className).toBe('ot-banner');
    expect(plain.style.getPropertyValue('--ot-banner-accent')).toBe('');
  });
});
