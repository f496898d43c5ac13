// productCompare (seed 001 §7 products/compare) and productSuggestions (the header search box's suggestions).
import { badInput, notFound } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { upTo, type ResponseOf } from '../lib/contract';
import type { CatalogSnapshot } from './model';
import { SEARCH_CATEGORY, summarize } from './search';
import { indexOf } from './search-index';

/** Up to 3 phones side by side (issue 13). */
export const COMPARE_MAX = 3;
/** At most 10 suggestions (SuggestQuery.max's maximum). */
const SUGGEST_MAX = 10;

/**
 * The comparison of up to 3 devices: their summaries, and their specification groups aligned by group and
 * characteristic name (in the order of their first appearance); a value a device lacks is null; `differs` marks a
 * row whose values are not all the same, and a group with such a row.
 */
export function compareProducts(cat: CatalogSnapshot, productCodes: string, lang: Lang): ResponseOf<'productCompare'> {
  const codes = [...new Set(productCodes.split(',').map((c) => c.trim()).filter(Boolean))];
  if (codes.length === 0) throw badInput('compare.error.none');
  if (codes.length > COMPARE_MAX) throw badInput('compare.error.tooMany', { max: COMPARE_MAX }, 'productCodes');
  const products = codes.map((code) => {
    const p = cat.product(code);
    if (!p) throw notFound(code, 'error.unknownProduct');
    if (p.product.type !== 'DEVICE') throw badInput('compare.error.notDevice', { code }, code);
    return p;
  });
  return cat.memo(`compare|${lang}|${codes.join(',')}`, () => {
    const dp = cat.devicePricesOf(codes);
    const groups: Array<{ name: string; rows: Array<{ name: string; values: Array<string | null> }> }> = [];
    products.forEach((p, col) => {
      for (const g of p.product.specification) {
        const gname = g.name[lang];
        let group = groups.find((x) => x.name === gname);
        if (!group) groups.push(group = { name: gname, rows: [] });
        for (const item of g.items) {
          const rname = item.name[lang];
          let row = group.rows.find((r) => r.name === rname);
          if (!row) group.rows.push(row = { name: rname, values: codes.map(() => null) });
          row.values[col] = item.value[lang];
        }
      }
    });
    return {
      products: upTo(products.map((p) => { const { rating: _r, ...s } = summarize(p, dp, lang); return s; }), COMPARE_MAX),
      groups: groups.map((g) => {
        const rows = g.rows.map((r) => ({ ...r, differs: products.length > 1 && new Set(r.values.map((v) => v ?? '')).size > 1 }));
        return { name: g.name, rows, differs: rows.some((r) => r.differs) };
      }),
    };
  });
}

const SUGGESTED_CATEGORIES = ['telefoni', 'dodatna_oprema', 'tarife'];
const KIND: Record<string, 'DEVICE' | 'ACCESSORY' | 'TARIFF'> = { DEVICE: 'DEVICE', ACCESSORY: 'ACCESSORY', TARIFF: 'TARIFF' };

/**
 * Suggestions for a typed text: the products of the site search (phones, accessories, tariffs) whose name or brand
 * contains every word typed, those whose name starts with the text first, then by the list order; at most `max`.
 */
export function suggestProducts(cat: CatalogSnapshot, term: string, max: number, lang: Lang): ResponseOf<'productSuggestions'> {
  const text = term.trim().toLocaleLowerCase('sr').replace(/\s+/g, ' ');
  return cat.memo(`suggest|${lang}|${text}|${max}`, () => {
    const words = text.split(' ').filter(Boolean);
    if (words.length === 0) return { term: text, suggestions: [] };
    // the site search's products with their lower-cased `name brand`, listed once per snapshot (search-index.ts)
    const listed = indexOf(cat).listed(`search:${SEARCH_CATEGORY}`, (cs) => cs.some((c) => SUGGESTED_CATEGORIES.includes(c)))
      .filter((x) => KIND[x.p.product.type] && !(x.p.product.type === 'TARIFF' && x.p.plan === null));
    const scored = listed.flatMap(({ p, hay }) => {
      if (!words.every((w) => hay.includes(w))) return [];
      const name = p.product.name.toLocaleLowerCase('sr');
      const model = name.startsWith(`${p.product.brand.toLocaleLowerCase('sr')} `) ? name.slice(p.product.brand.length + 1) : name;
      const rank = name.startsWith(text) || model.startsWith(text) ? 0 : name.split(/[\s-]+/).some((w) => w.startsWith(words[0])) ? 1 : 2;
      return [{ p, rank }];
    }).sort((a, b) => a.rank - b.rank || a.p.product.sortOrder - b.p.product.sortOrder).slice(0, max);
    const dp = cat.devicePricesOf(scored.filter((x) => x.p.product.type === 'DEVICE').map((x) => x.p.product.code));
    return {
      term: text,
      suggestions: upTo(scored.map(({ p }) => {
        const s = summarize(p, dp, lang);
        return { code: s.code, name: s.name, url: s.url, kind: KIND[p.product.type], brand: p.product.brand, image: s.images[0] ?? null, price: s.price, monthlyPrice: s.monthlyPrice };
      }), SUGGEST_MAX),
    };
  });
}
