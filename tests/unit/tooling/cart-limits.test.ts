// @vitest-environment node
// The cart limits are a rule document (schemas/rules/cart-limits.json, "cartLimits" of schemas/meta/rule.schema.json):
// npm run schemas:check refuses a broken one at its line, and the server enforces exactly what the document says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck, type SchemaError } from '../../../tools/schemas/index';
import { rulesConfig, setRulesConfig } from '../../../server/cart/config';
import { REAL_SCHEMAS, validTree, writeTree } from './fixture';
import type { RuleDocument } from '../../../schemas/types/rule';

type CartLimits = NonNullable<RuleDocument['cartLimits']>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  setRulesConfig(null);
});

const REAL = JSON.parse(readFileSync(join(REAL_SCHEMAS, 'rules/cart-limits.json'), 'utf8')) as RuleDocument & { cartLimits: CartLimits };

async function check(change: (limits: CartLimits) => void): Promise<SchemaError[]> {
  const doc = structuredClone(REAL);
  change(doc.cartLimits);
  const { schemasDir, cleanup } = await writeTree({ ...validTree(), 'rules/cart-limits.json': doc });
  cleanups.push(cleanup);
  return (await loadAndCheck(schemasDir)).errors;
}

describe('the cart limits document', () => {
  it('is what the server enforces', () => {
    setRulesConfig(null);
    expect(rulesConfig()).toEqual(REAL.cartLimits);
  });

  it('passes the check as committed', async () => {
    expect(formatErrors(await check(() => {}))).toBe('');
  });

  it('a limit below 1, an unknown product type, a missing limit and an unknown status code are errors at their place', async () => {
    const zero = await check((l) => { l.maxOrderQuantity.ACCESSORY = 0; });
    expect(zero).toEqual([expect.objectContaining({ file: 'schemas/rules/cart-limits.json', pointer: '/cartLimits/maxOrderQuantity/ACCESSORY' })]);
    expect(zero[0].line).toBeGreaterThan(1);
    const type = await check((l) => { l.maxOrderQuantity.ACCESORY = 3; });
    expect(formatErrors(type)).toMatch(/cart-limits\.json:\d+:\d+ +\/cartLimits\/maxOrderQuantity +must be one of: TARIFF, .*ACCESSORY/);
    const missing = await check((l) => { delete (l as Partial<CartLimits>).guestChargeTypes; });
    expect(formatErrors(missing)).toMatch(/cart-limits\.json.*guestChargeTypes/);
    const status = await check((l) => { l.cmsComponents.noStok = 'noStockPopup'; });
    expect(formatErrors(status)).toMatch(/cart-limits\.json:\d+:\d+ +\/cartLimits\/cmsComponents +must be one of: success, .*noStock/);
  });
});
