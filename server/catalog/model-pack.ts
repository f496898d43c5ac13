// Rows kept as columns (the catalogue read model kept between starts, model-kept.ts). node:v8 writes an object's
// property names with every row and a string each time it appears, and gives each row back as an object built one
// property at a time: at 10,000 products the kept device prices alone were 33 MB, read back in about a second, most of
// it garbage to collect. Packed, a column of strings is written once per distinct value with an index per row
// (Int32Array: raw bytes), other columns as plain lists, and the names once per table.

/** One column: strings (and nulls) as their distinct values and an index per row (-1: null), else the values. */
type Column = { key: string; dict: string[]; idx: Int32Array } | { key: string; values: unknown[] };

/** Rows of one shape as columns. */
export interface PackedRows { size: number; columns: Column[] }

/** Packs rows of one shape (the first row's properties, in its order: compact rows are object literals). */
export function packRows<T extends object>(rows: readonly T[]): PackedRows {
  if (rows.length === 0) return { size: 0, columns: [] };
  const keys = Object.keys(rows[0]) as Array<keyof T & string>;
  const columns = keys.map((key): Column => {
    const values = rows.map((r) => r[key]);
    if (!values.every((v) => v === null || typeof v === 'string')) return { key, values };
    const dict: string[] = [];
    const at = new Map<string, number>();
    const idx = new Int32Array(values.length);
    values.forEach((v, i) => {
      if (v === null) { idx[i] = -1; return; }
      const s = v as string;
      let n = at.get(s);
      if (n === undefined) { n = dict.length; dict.push(s); at.set(s, n); }
      idx[i] = n;
    });
    return { key, dict, idx };
  });
  return { size: rows.length, columns };
}

/**
 * The packed rows in their order, each handed to `make` as one scratch object filled with the row's values: `make`
 * copies what it keeps (the compact constructors of model-compact.ts build an object literal of their own).
 */
export function unpackRows<T, R>(packed: PackedRows, make: (row: T, i: number) => R): R[] {
  const scratch: Record<string, unknown> = {};
  const out = new Array<R>(packed.size);
  const { columns } = packed;
  for (let i = 0; i < packed.size; i++) {
    for (const c of columns) {
      if ('dict' in c) { const n = c.idx[i]; scratch[c.key] = n < 0 ? null : c.dict[n]; } else scratch[c.key] = c.values[i];
    }
    out[i] = make(scratch as T, i);
  }
  return out;
}
