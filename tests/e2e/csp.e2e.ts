// No eval in production (issue 4): the production server's Content-Security-Policy forbids eval and inline
// scripts, and the guest form still validates (server-compiled AJV standalone module, /ui/forms/guest/validator.js)
// and submits under it, with no CSP violation in the page.
import assert from 'node:assert/strict';
import { GUEST_CONTRACT_FIELDS, PLP, contractSectionShown, field, phoneIntoGuestCheckout, suite } from './shopper';

const shop = suite('csp');
const { test } = shop;

/** The directives of a Content-Security-Policy header. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name.toLowerCase(), values]));
}

test('shop pages are served with a CSP without unsafe-eval and inline scripts', async () => {
  const res = await fetch(`${shop.url}${PLP}`, { headers: { accept: 'text/html' } });
  assert.equal(res.status, 200);
  const csp = res.headers.get('content-security-policy');
  assert.ok(csp, 'a Content-Security-Policy header');
  const d = directives(csp);
  const scriptSrc = d.get('script-src') ?? d.get('default-src');
  assert.ok(scriptSrc, `script-src or default-src in ${csp}`);
  assert.ok(!scriptSrc.includes("'unsafe-eval'"), `no 'unsafe-eval' in ${csp}`);
  assert.ok(!scriptSrc.includes("'unsafe-inline'"), `no 'unsafe-inline' in ${csp}`);
  assert.ok(!scriptSrc.some((s) => s.startsWith('data:') || s === '*' || s === 'blob:'), `no data:, blob: or * in ${csp}`);
  const html = await res.text();
  // the page's boot data is a JSON data block (type="application/json"), never executed
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>/i, 'no inline executable <script> in the page');
  assert.match(html, /<script type="application\/json" id="boot-data">/, 'the first view travels with the page');

  const validator = await fetch(`${shop.url}/ui/forms/guest/validator.js`);
  assert.equal(validator.status, 200);
  assert.match(validator.headers.get('content-type') ?? '', /^text\/javascript/);
});

test('the guest form validates and submits under the CSP with no violation', async () => {
  const { page, problems } = await shop.open();
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const validatorLoads: number[] = [];
  page.on('response', (r) => { if (new URL(r.url()).pathname === '/ui/forms/guest/validator.js') validatorLoads.push(r.status()); });
  try {
    await phoneIntoGuestCheckout(page, shop.url);
    await field(page, 'Ime').waitFor();
    assert.ok(validatorLoads.some((s) => s === 200 || s === 304), `the validator module was loaded (${validatorLoads.join(', ')})`);

    const next = page.getByRole('button', { name: 'Nastavi', exact: true });
    await next.click();
    await page.getByText('Ovo polje je obavezno.').first().waitFor();
    assert.ok((await page.getByText('Ovo polje je obavezno.').count()) >= 8, 'every required field is marked');
    assert.match(new URL(page.url()).pathname, /\/kupovina\/podaci-dostava$/);

    await field(page, 'Ime').fill('Jelena');
    await field(page, 'Prezime').fill('Petrović');
    await field(page, 'Imejl adresa').fill('jelena.petrović@example.rs');
    await field(page, 'Kontakt telefon').fill('641234567');
    // a phone with its postpaid tariff: the contract's section (issue 27)
    if (await contractSectionShown(page)) for (const [label, value] of Object.entries(GUEST_CONTRACT_FIELDS)) await field(page, label).fill(value);
    await field(page, 'Mesto').fill('Beograd');
    await field(page, 'Poštanski broj').fill('11000');
    await field(page, 'Ulica').fill('Bulevar kralja Aleksandra');
    await field(page, 'Broj').fill('73');
    await next.click();
    await page.getByText('Unesi validnu imejl adresu.').first().waitFor(); // the field's error and the error summary
    assert.equal(await page.getByText('Ovo polje je obavezno.').count(), 0);
    assert.match(new URL(page.url()).pathname, /\/kupovina\/podaci-dostava$/);

    await field(page, 'Imejl adresa').fill('jelena.petrovic@example.rs');
    await next.click();
    await page.waitForURL(/\/kupovina\/pregled-placanje$/);

    const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    assert.deepEqual(violations, [], 'no securitypolicyviolation events');
    assert.deepEqual(problems.filter((p) => /Content Security Policy|Refused to/i.test(p)), [], 'no CSP console errors');
    assert.deepEqual(problems, [], 'no page errors, console errors or failed requests');

    // the control: the policy is in force in this page — a string timer (eval) and an inline script are refused,
    // and the listener above reports them
    await page.evaluate(() => {
      (window.setTimeout as unknown as (code: string, ms: number) => number)('window.__evaled = true', 0);
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlined = true';
      document.head.append(inline);
    });
    await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length >= 2);
    const control = await page.evaluate(() => {
      const w = window as unknown as { __csp: string[]; __evaled?: boolean; __inlined?: boolean };
      return { evaled: w.__evaled === true, inlined: w.__inlined === true, violations: w.__csp };
    });
    assert.equal(control.evaled, false, 'eval refused');
    assert.equal(control.inlined, false, 'inline script refused');
    assert.ok(control.violations.every((v) => v.startsWith('script-src')), control.violations.join('; '));
  } finally {
    await page.context().close();
  }
});
