// @vitest-environment node
// The CMS hex-colour rule (seed 000 §5 "A hex colour in CMS content must have 3 or 6 characters, otherwise a CMS rule
// error"; seed 001 §5): the banners' accent colour (cms_components.accent_color). Content entering is checked (the
// seed's cmsColor, the database's CHECK constraint); the answer carries only colours that pass (drawableColor).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsComponents } from '../../server/db/tables';
import { CmsRuleError, cmsColor, drawableColor } from '../../server/lib/cms-rules';
import { banners } from '../../server/db/seed/catalog';
import { drivers, Shopper, startApp, type Harness } from './helpers';

describe('the CMS hex-colour rule', () => {
  it('3 or 6 hex digits after # pass; #abcd and the like are a CMS rule error naming the component and the value', () => {
    for (const ok of ['#fff', '#FFF', '#e30613', '#1F2A44']) expect(cmsColor('b', 'accentColor', ok)).toBe(ok);
    expect(cmsColor('b', 'accentColor', null)).toBeNull();
    for (const bad of ['#abcd', '#ab', 'e30613', '#12345g', '#e306130', '', 'red', '#fff ']) {
      expect(() => cmsColor('banner-x', 'accentColor', bad)).toThrow(CmsRuleError);
    }
    try {
      cmsColor('banner-x', 'accentColor', '#abcd');
    } catch (e) {
      expect((e as CmsRuleError).message).toBe('CMS rule error: component "banner-x", accentColor "#abcd" is not a hex colour of 3 or 6 characters (#fff, #e30613)');
      expect((e as CmsRuleError).messageKey).toBe('validation.cmsHexColor');
    }
  });

  it('where it is drawn: a colour breaking the rule is never answered', () => {
    expect(drawableColor('#abcd')).toBeNull();
    expect(drawableColor('javascript:alert(1)')).toBeNull();
    expect(drawableColor(null)).toBeNull();
    expect(drawableColor('#0a7cc1')).toBe('#0a7cc1');
  });

  it('every seeded banner colour passes the rule', () => {
    for (const b of banners) expect(() => cmsColor(b.id, 'accentColor', b.accentColor)).not.toThrow();
  });
});

describe.each(drivers)('CMS colours in the database on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const row = (id: string, accentColor: string | null) => ({
    id, headline: { sr: 'h', en: 'h' }, content: { sr: 'c', en: 'c' }, ctaButtonName: null, mediaUrl: null, mediaCode: null,
    categoryCode: 'rule-test', webPosition: 1, linkUrl: '/', accentColor,
  });

  it('the database refuses a colour of 4 characters (and any other broken one); 3 and 6 are stored', async () => {
    await expect(h.database.db.insert(cmsComponents).values(row('bad-4', '#abcd'))).rejects.toThrow();
    await expect(h.database.db.insert(cmsComponents).values(row('bad-name', 'red'))).rejects.toThrow();
    await h.database.db.insert(cmsComponents).values([row('ok-3', '#fff'), row('ok-6', '#E30613'), row('ok-none', null)]);
  });

  it('GET cmsComponents answers the seeded banners with their accent colour', async () => {
    const s = await new Shopper(h.app).login();
    const r = await s.call('GET', '/hybris/ecommerce/b2c/v1/cms/components?categoryCode=telefoni');
    expect(r.statusCode, r.body).toBe(200);
    const comps = r.json().contentSlots.contentSlot[0].components.component as Array<{ uid: string; accentColor: string | null }>;
    expect(comps.map((c) => [c.uid, c.accentColor])).toEqual([['banner-phones-tariffs', '#e30613'], ['banner-phones-accessories', '#1f2a44']]);
  });
});
