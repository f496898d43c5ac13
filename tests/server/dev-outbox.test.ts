// @vitest-environment node
// /dev/outbox: the development page of the outbox (one-time codes a tester reads); a production server has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers.slice(0, 1))('/dev/outbox on %s', (_name, url) => {
  let dev: Harness;
  let prod: Harness;
  beforeAll(async () => { dev = await startApp(url, { dev: true }); prod = await startApp(url); }, 120_000);
  afterAll(async () => { await dev?.close(); await prod?.close(); });

  it('development: lists the latest messages, newest first, with the code highlighted (Serbian and English)', async () => {
    const s = await new Shopper(dev.app).login();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_START' });
    const sent = await s.call('POST', '/hybris/ecommerce/b2c/v1/checkout/esim/requestotp', { email: 'outbox.tester@example.rs' });
    expect(sent.statusCode).toBe(200);
    const page = await dev.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="sr-Latn">');
    expect(page.body).toContain('Poslate poruke (razvoj)');
    expect(page.body).toContain('outbox.tester@example.rs');
    expect(page.body).toMatch(/<code>\d{6}<\/code>/);
    const json = (await dev.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json();
    expect(json.messages[0]).toMatchObject({ channel: 'EMAIL', recipient: 'outbox.tester@example.rs' });
    const code = /\b(\d{6})\b/.exec(json.messages[0].body)![1];
    expect(page.body).toContain(`<code>${code}</code>`);
    const en = await dev.app.inject({ method: 'GET', url: '/dev/outbox', headers: { cookie: 'b2c_enFlow=true' } });
    expect(en.body).toContain('Sent messages (development)');
    expect((await dev.app.inject({ method: 'GET', url: '/dev/outbox.css' })).headers['content-type']).toContain('text/css');
  });

  it('production: the addresses do not exist (no outbox page, no messages)', async () => {
    const s = await new Shopper(prod.app).login();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_START' });
    await s.call('POST', '/hybris/ecommerce/b2c/v1/checkout/esim/requestotp', { email: 'prod.tester@example.rs' });
    for (const path of ['/dev/outbox', '/dev/outbox.json']) {
      const r = await prod.app.inject({ method: 'GET', url: path });
      expect(r.body).not.toContain('prod.tester@example.rs');
      // (the shop page a production server answers may carry the message catalogue in its boot data: not the page)
      expect(r.body).not.toContain('<h1>Poslate poruke');
    }
  });
});
