// @vitest-environment node
// The kept catalogue model's tables as columns (server/catalog/model-pack.ts): what is packed comes back the same, in
// its order, whatever the column holds.
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from '../../server/catalog/model-pack';

const copy = <T,>(r: T): T => ({ ...r });

describe('rows packed as columns', () => {
  it('give back every row as it was, through node:v8, with strings, nulls, numbers, booleans and shared objects', () => {
    const name = { sr: 'Crna', en: 'Black' };
    const rows = [
      { code: 'A', tariff: 'T1', months: 12, price: 100, old: null, ok: true, name },
      { code: 'B', tariff: 'T1', months: 24, price: null, old: 90, ok: false, name },
      { code: 'C', tariff: null, months: 0, price: 5, old: null, ok: true, name: { sr: 'Bela', en: 'White' } },
    ];
    const back = deserialize(serialize(packRows(rows)));
    const out = unpackRows<typeof rows[number], typeof rows[number]>(back, copy);
    expect(out).toEqual(rows);
    expect(out[0].name).toBe(out[1].name); // an object shared by rows stays one object
  });

  it('writes a string column once per distinct value', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `ROW_${i}`, tariff: i % 2 ? 'ORBITA_FLEX_10' : 'ORBITA_FLEX_20' }));
    const packed = packRows(rows);
    const tariff = packed.columns.find((c) => c.key === 'tariff')!;
    expect('dict' in tariff && tariff.dict).toEqual(['ORBITA_FLEX_20', 'ORBITA_FLEX_10']);
    expect(serialize(packed).length).toBeLessThan(serialize(rows).length / 2);
  });

  it('packs no rows', () => {
    expect(unpackRows(deserialize(serialize(packRows([]))), copy)).toEqual([]);
  });

  it('hands each row to make with its index', () => {
    const seen: number[] = [];
    unpackRows(packRows([{ a: 1 }, { a: 2 }]), (r: { a: number }, i) => { seen.push(r.a * 10 + i); });
    expect(seen).toEqual([10, 21]);
  });
});
