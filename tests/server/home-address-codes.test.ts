// @vitest-environment node
// Issue 27: the home checks accept every address code the address system returns. The address finder's street
// numbers (GET …/homeaddresses/streetnumbers) are walked for every seeded street, and every code it answers goes
// through the coverage (GPON address), address and transfer checks: none is refused for its format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { homeLocalities, homeStreetNumbers, homeStreets } from '../../server/home/schema';
import { drivers, PATHS, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';
import type { StreetNumbers } from '../../schemas/types/api.home';

const B = '/hybris/ecommerce/b2c/v1';

describe.each(drivers)('address-system codes in the home checks on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('every code the address finder returns passes the coverage, address and transfer checks (no format refusal)', async () => {
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addToCart, { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' })).statusCode).toBe(200);

    const db = h.database.db;
    const streets = await db.select({ code: homeStreets.code, municipalityCode: homeLocalities.municipalityCode }).from(homeStreets)
      .innerJoin(homeLocalities, eq(homeLocalities.code, homeStreets.localityCode));
    const seeded = await db.select().from(homeStreetNumbers);
    expect(seeded.length).toBeGreaterThan(1000);
    // the finder answers the codes of the address system's data, exactly
    const found: StreetNumbers['streetnumbers'] = [];
    for (const s of streets) {
      const r = await c.call('GET', `${B}/users/homeaddresses/streetnumbers?municipalityCode=${encodeURIComponent(s.municipalityCode)}&streetCode=${encodeURIComponent(s.code)}`);
      expect(r.statusCode, r.body).toBe(200);
      found.push(...r.json().streetnumbers);
    }
    expect(found.map((n) => n.tisAddressCode).sort()).toEqual(seeded.map((n) => n.addressCode).sort());
    expect(found.some((n) => /^TIS-[A-Z]{2}-/.test(n.tisAddressCode))).toBe(true); // the codes with letters of issue 27

    const byCode = new Map(seeded.map((n) => [n.addressCode, n]));
    const refusals: string[] = [];
    const batch = 16;
    for (let i = 0; i < found.length; i += batch) {
      await Promise.all(found.slice(i, i + batch).map(async (f) => {
        const n = byCode.get(f.tisAddressCode)!;
        const code = encodeURIComponent(n.addressCode);
        const where = { entrance: n.entrances[0] ?? null, flatNum: n.flats > 0 ? '1' : null };
        const q = `${where.entrance ? `&entrance=${where.entrance}` : ''}${where.flatNum ? `&flatNum=${where.flatNum}` : ''}`;
        const answers = [
          ['coverage', await c.call('GET', `${B}/users/gpon/address/check?addressCode=${code}${q}`)],
          ['address', await c.call('POST', `${B}/checkout/homeaddresses/check`, { homeAddressCode: n.addressCode, ...where })],
          ['transfer', await c.call('GET', `${B}/checkout/fnp/check?homeLineNumber=0112223333&addressCode=${code}`)],
        ] as const;
        for (const [check, r] of answers) if (r.statusCode !== 200) refusals.push(`${check} ${n.addressCode}: ${r.statusCode} ${r.body}`);
        expect(answers[1][1].json().addressCode).toBe(n.addressCode);
        expect(answers[2][1].json().addressCode).toBe(n.addressCode);
      }));
    }
    expect(refusals).toEqual([]);
  }, 300_000);

  it('a malformed code is still refused with the format message; an unknown well-formed one is 404', async () => {
    const c = await new Customer(h.app).login();
    const bad = await c.call('GET', `${B}/users/gpon/address/check?addressCode=${encodeURIComponent('TIS-VR-016-3; drop')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Neispravan format.');
    expect((await c.call('GET', `${B}/users/gpon/address/check?addressCode=TIS-ZZ-999-1`)).statusCode).toBe(404);
  });
});
