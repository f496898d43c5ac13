// @vitest-environment node
// The catalogue's answer table (server/catalog/model-memo.ts, issue 25) is bounded by entries and by bytes: past
// either bound the oldest answers leave one by one (a query string varied by a script, or the pages of a large
// catalogue, cost the oldest answers, never the whole table at once), a value larger than the whole bound is answered
// but not kept, and a delta's carry keeps the byte count and the eviction count of what it carries.
import { describe, expect, it } from 'vitest';
import { MemoTable, newDeps, type Deps } from '../../server/catalog/model-memo';
import { answerBytes } from '../../server/catalog/model-snapshot';
import { cacheable } from '../../server/lib/edge-cache';

const on = (...keys: string[]): Deps => ({ keys: new Set(keys), cats: new Set() });
const sized = (max: number, maxBytes: number) => new MemoTable<string>(max, { maxBytes, sizeOf: (v) => v.length });

describe('the catalogue answer table', () => {
  it('past the byte bound the oldest answers leave, one by one, until the new one fits', () => {
    const t = sized(100, 10);
    t.set('a', 'xxxx', newDeps());
    t.set('b', 'xxxx', newDeps());
    expect(t.bytes).toBe(8);
    t.set('c', 'xxx', newDeps()); // 11 > 10: a leaves, b stays
    expect([t.get('a'), t.get('b'), t.get('c')]).toEqual([undefined, 'xxxx', 'xxx']);
    expect([t.size, t.bytes, t.evicted]).toEqual([2, 7, 1]);
  });

  it('past the entry bound the oldest leaves (not the whole table)', () => {
    const t = sized(3, Infinity);
    for (const k of ['a', 'b', 'c', 'd']) t.set(k, k, newDeps());
    expect([t.get('a'), t.get('b'), t.get('d'), t.size, t.evicted]).toEqual([undefined, 'b', 'd', 3, 1]);
  });

  it('a value larger than the whole bound is not kept and evicts nothing; setting a key again replaces its bytes', () => {
    const t = sized(10, 5);
    t.set('a', 'xx', newDeps());
    t.set('huge', 'xxxxxx', newDeps());
    expect([t.get('huge'), t.get('a'), t.evicted]).toEqual([undefined, 'xx', 0]);
    t.set('a', 'xxxx', newDeps());
    expect([t.size, t.bytes]).toEqual([1, 4]);
  });

  it('a delta carries the kept answers with their bytes, drops those that read a change, and keeps its bound', () => {
    const t = sized(10, 8);
    t.set('p1', 'xxx', on('p:1'));
    t.set('p2', 'xxx', on('p:2'));
    const { table, kept, dropped } = t.carry(on('p:1'));
    expect([kept, dropped, table.bytes, table.get('p2')]).toEqual([1, 1, 3, 'xxx']);
    table.set('p3', 'xxxxxx', newDeps()); // 9 > 8: p2 leaves
    expect([table.get('p2'), table.bytes, table.evicted]).toEqual([undefined, 6, 1]);
  });

  it('an answer kept as bytes counts its bytes; an answer kept as objects a nominal size', () => {
    expect(answerBytes(cacheable(Buffer.from('é'.repeat(1000), 'utf8')))).toBe(2000);
    expect(answerBytes(cacheable('abc'))).toBe(3);
    expect(answerBytes({ products: [] })).toBe(2048);
    expect(answerBytes(null)).toBe(2048);
  });
});
