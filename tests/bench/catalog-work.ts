// npx tsx tests/bench/catalog-work.ts [--url=postgresql://…/bench_large] [--reference] [--slice-ms=10] [--page-size=400] [--rebuild-only]
// The catalogue's own work at a grown size (issue 25), in one process, nothing else running in it:
//   - the first full build and a background full rebuild: wall and CPU time, the longest slice (CPU), and the
//     event loop's delay while it runs (perf_hooks.monitorEventLoopDelay, max and p99) with a 1 ms timer's longest gap;
//   - uncached searches (a facet, free text, price sorts, the site search): the indexed search against a fresh
//     snapshot (index cold: the first computation after a start) and after a stock delta (index warm but for the
//     changed product), and with --reference the plain scan it replaced (tests/server/search-reference.ts).
// The database must be grown first (npm run bench:generate -- --catalog=10000 --customers=0 --url=…).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/index';
import { catalogRevision, stock } from '../../server/db/tables';
import { CatalogModel, searchProducts, type CatalogSnapshot } from '../../server/catalog/index';
import { searchIndexStats, type SearchParams } from '../../server/catalog/search';
import { loadUi } from '../server/helpers';
import { referenceSearch } from '../server/search-reference';

const arg = (k: string) => process.argv.slice(2).find((a) => a.startsWith(`--${k}=`))?.split('=').slice(1).join('=');
const url = arg('url') ?? process.env.BENCH_LARGE_URL ?? 'postgresql://postgres@127.0.0.1:5432/bench_large';
const withReference = process.argv.includes('--reference');
const sliceMs = arg('slice-ms') ? Number(arg('slice-ms')) : undefined;
const pageSize = arg('page-size') ? Number(arg('page-size')) : undefined;
const rebuildOnly = process.argv.includes('--rebuild-only');

const QUERIES: Array<[string, SearchParams]> = [
  ['phones, first page', { categoryCode: 'telefoni', page: 0, pageSize: 20 }],
  ['phones, facet brand', { categoryCode: 'telefoni', query: '::brand:Samsung', page: 0, pageSize: 20 }],
  ['phones, price-asc', { categoryCode: 'telefoni', query: ':price-asc', page: 0, pageSize: 20 }],
  ['phones, text + price-desc', { categoryCode: 'telefoni', query: 'galaxy:price-desc', page: 0, pageSize: 20 }],
  ['phones, 2 facets', { categoryCode: 'telefoni', query: '::brand:Apple:color:crna', page: 0, pageSize: 20 }],
  ['accessories, name-asc', { categoryCode: 'dodatna_oprema', query: ':name-asc', page: 0, pageSize: 20 }],
  ['site search, free text', { categoryCode: 'sve', query: 'samsung', page: 0, pageSize: 20 }],
];

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

async function watched<T>(what: string, run: () => Promise<T>): Promise<T> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let gap = 0;
  const tick = setInterval(() => { const now = performance.now(); gap = Math.max(gap, now - last); last = now; }, 1);
  h.enable();
  const t0 = performance.now();
  const c0 = cpu();
  const out = await run();
  const wall = performance.now() - t0;
  const c = cpu() - c0;
  h.disable();
  clearInterval(tick);
  console.log(`${what}: wall ${wall.toFixed(0)} ms, CPU ${c.toFixed(0)} ms; event-loop delay max ${(h.max / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms; longest 1 ms-timer gap ${gap.toFixed(1)} ms`);
  return out;
}

function searches(label: string, snap: CatalogSnapshot, ui: Awaited<ReturnType<typeof loadUi>>): void {
  for (const [name, q] of QUERIES) {
    const t0 = performance.now();
    const c0 = cpu();
    const r = searchProducts(snap, ui, q, 'sr');
    const t = performance.now() - t0;
    const c = cpu() - c0;
    let ref = '';
    if (withReference) {
      const r0 = performance.now();
      const old = referenceSearch(snap, ui, q, 'sr');
      ref = `, plain scan ${(performance.now() - r0).toFixed(0)} ms${JSON.stringify(old) === JSON.stringify(r) ? '' : ' (DIFFERENT ANSWER)'}`;
    }
    console.log(`  ${label} ${name}: ${t.toFixed(1)} ms wall, ${c.toFixed(1)} ms CPU (${r.pagination.totalResults} results)${ref}`);
  }
}

const d = await openDatabase({ url });
try {
  const ui = await loadUi();
  const model = new CatalogModel(d.db, 3_600_000, { sliceMs, pageSize });
  const first = await watched('first full build', () => model.current());
  const s = model.stats();
  console.log(`  ${s.products} products, CPU ${s.lastRebuildCpuMs} ms, ${s.slices} slices, longest ${s.longestSliceMs} ms CPU; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  if (rebuildOnly) { await d.close(); process.exit(0); }
  const i0 = searchIndexStats();
  searches('cold', first, ui);
  const i1 = searchIndexStats();
  console.log(`  index: ${i1.entriesBuilt - i0.entriesBuilt} entries, ${i1.summariesBuilt - i0.summariesBuilt} summaries computed`);
  // a stock delta of one phone: the answers holding it are computed again, from the index but for that phone
  const [v] = (await d.db.execute(sql`SELECT s.variant_code FROM stock s JOIN product_variants v ON v.code = s.variant_code JOIN products p ON p.code = v.product_code WHERE p.type = 'DEVICE' AND p.categories @> '["telefoni"]'::jsonb ORDER BY p.sort_order LIMIT 1`) as unknown as { rows: Array<{ variant_code: string }> }).rows;
  await d.db.update(stock).set({ level: sql`${stock.level} + 1` }).where(eq(stock.variantCode, v.variant_code));
  model.invalidate();
  const next = await watched('stock delta', () => model.current());
  const i2 = searchIndexStats();
  searches('after delta', next, ui);
  const i3 = searchIndexStats();
  console.log(`  index: ${i3.entriesBuilt - i2.entriesBuilt} entries, ${i3.summariesBuilt - i2.summariesBuilt} summaries computed`);
  // a full rebuild in the background (a change-log gap), the old snapshot serving meanwhile
  await d.db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} + 1`, prunedRevision: sql`${catalogRevision.revision} + 1` }).where(eq(catalogRevision.id, 1));
  model.invalidate();
  await watched('background full rebuild', async () => { await model.current(); await model.settled(); });
  const r = model.stats();
  console.log(`  CPU ${r.lastRebuildCpuMs} ms, ${r.slices} slices in all, longest ${r.longestSliceMs} ms CPU; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  searches('after rebuild', await model.current(), ui);
} finally {
  await d.close();
}
