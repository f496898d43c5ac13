// @vitest-environment node
// Fragments (schemas/fragments) and the link check of the schema checker.
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { expandDocument } from '../../../tools/schemas/fragments';
import { internalPath, routeMatcher } from '../../../tools/schemas/links';
import { at, validTree, writeTree, type DocTree, type Tree } from './fixture';
import type { Node } from '../../../schemas/types/node';
import type { Screen } from '../../../schemas/types/screen';
import type { Modal } from '../../../schemas/types/modal';
import type { Fragment } from '../../../schemas/types/fragment';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function check(tree: Tree) {
  const { schemasDir, cleanup } = await writeTree(tree);
  cleanups.push(cleanup);
  return loadAndCheck(schemasDir);
}

/** An include of a fragment in a list of nodes, { fragment, args } (the generated Node type knows no includes: the
 *  checker expands them before it checks the nodes). */
function include(fragment: string, args?: Record<string, unknown>): Node {
  return (args ? { fragment, args } : { fragment }) as unknown as Node;
}

/** A fragment with one parameter used as a prop and one as a message key; the valid tree includes it twice. */
function withFragment(change: (t: DocTree) => void = () => {}): Tree {
  const t = validTree() as DocTree;
  t['fragments/price-row.json'] = {
    $schema: '../meta/fragment.schema.json',
    id: 'price-row',
    version: 1,
    params: {
      value: { description: 'The price.', type: 'number' },
      label: { description: 'Message key of the label.', type: 'string', default: 'pdp.title' },
    },
    body: [
      { component: 'PriceTag', props: { value: { $param: 'value' }, label: { message: { $param: 'label' } } } },
      { component: 'Button', props: { label: 'Kupi' }, on: { click: { action: 'nav.go', args: { to: '/kupovina/podaci-dostava' } } } },
    ],
  } as unknown as Fragment; // the generated type takes a parameter's default for an object, where any JSON value is one
  t['screens/pdp.json'].body.push(include('price-row', { value: 5 }));
  t['modals/confirm.json'].body.unshift(include('price-row', { value: 7, label: 'modal.confirm.title' }));
  change(t);
  return t;
}

describe('fragments', () => {
  it('expands an include into the fragment\'s nodes with the arguments and defaults in place', async () => {
    const { documents, errors } = await check(withFragment());
    expect(formatErrors(errors)).toBe('');
    const pdp = documents.find((d) => d.id === 'pdp')!.json as Screen;
    expect(pdp.body).toHaveLength(5);
    expect(pdp.body[3]).toEqual({ component: 'PriceTag', props: { value: 5, label: { message: 'pdp.title' } } });
    const confirm = documents.find((d) => d.id === 'confirm')!.json as Modal;
    expect(confirm.body[0].props).toEqual({ value: 7, label: { message: 'modal.confirm.title' } });
    expect(documents.find((d) => d.kind === 'fragment')).toMatchObject({ id: 'price-row', file: 'schemas/fragments/price-row.json' });
  });

  it('reports a wrong node of a fragment in the fragment\'s file, naming the include', async () => {
    const { errors } = await check(withFragment((t) => { at(t['fragments/price-row.json'], '/body/1/props').variant = 'huge'; }));
    const mine = errors.filter((e) => e.file === 'schemas/fragments/price-row.json');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toMatchObject({ pointer: '/body/1/props/variant' });
    expect(mine[0].line).toBeGreaterThan(1);
    expect(mine[0].message).toMatch(/in fragment "price-row" as included by schemas\/(screens\/pdp|modals\/confirm)\.json:\d+:\d+/);
  });

  it('reports a wrong value passed as an argument where the argument is written, not in the fragment', async () => {
    const { errors } = await check(withFragment((t) => { at(t['modals/confirm.json'], '/body/0/args').label = 'no.such.key'; }));
    const text = formatErrors(errors);
    expect(errors.filter((e) => e.file === 'schemas/fragments/price-row.json'), text).toEqual([]);
    const mine = errors.filter((e) => e.file === 'schemas/modals/confirm.json');
    expect(mine.length, text).toBe(2); // missing in sr.json and in en.json
    expect(mine[0]).toMatchObject({ pointer: '/body/0/args/label', line: expect.any(Number) });
    expect(mine[0].message).toMatch(/^message key "no\.such\.key" is missing in schemas\/messages\/sr\.json .*\(the argument "label" of fragment "price-row"\)$/);
  });

  it('follows an argument a fragment passes on to the fragment it includes, and a bad default to the parameter', async () => {
    const { errors } = await check(withFragment((t) => {
      t['fragments/outer.json'] = {
        $schema: '../meta/fragment.schema.json', id: 'outer', version: 1,
        params: { price: { description: 'The price.', type: 'number' }, size: { description: 'The size.', type: 'string', default: 'hugee' } },
        body: [{ component: 'Stack', children: [{ fragment: 'price-row', args: { value: { $param: 'price' } } }, { component: 'PriceTag', props: { value: 1, size: { $param: 'size' } } }] }],
      } as unknown as Fragment; // a parameter's default: see withFragment
      t['screens/checkout-data-delivery.json'].body = [include('outer', { price: 'free' })];
    }));
    const text = formatErrors(errors);
    // "free" reaches price-row's PriceTag through outer's parameter price: all of it is reported at the screen's argument
    expect(errors.filter((e) => e.file === 'schemas/fragments/price-row.json'), text).toEqual([]);
    expect(text).toMatch(/schemas\/screens\/checkout-data-delivery\.json:\d+:\d+ +\/body\/0\/args\/price +prop value of component "PriceTag" must be a number, found the text "free" \(the argument "price" of fragment "outer"\)/);
    expect(text).toMatch(/schemas\/screens\/checkout-data-delivery\.json:\d+:\d+ +\/body\/0\/args\/price +argument value of fragment "price-row" must be a number, not a string \(the argument "price" of fragment "outer"\)/);
    expect(text).not.toMatch(/outer\.json:\d+:\d+ +\/body\/0\/children\/0\/args\/value/);
    expect(text).toMatch(/schemas\/fragments\/outer\.json:\d+:\d+ +\/params\/size\/default +.*must be one of.*\(the default of parameter "size", in fragment "outer" as included by schemas\/screens\/checkout-data-delivery\.json:\d+:\d+\)/);
  });

  it('reports a missing, an unknown and a mistyped argument, an unknown fragment and an undeclared $param', async () => {
    const { errors } = await check(withFragment((t) => {
      t['screens/pdp.json'].body[3] = include('price-row', { valu: 5 });
      t['modals/confirm.json'].body[0] = include('price-row', { value: 'seven' });
      t['screens/checkout-data-delivery.json'].body = [include('price-rows')];
      at(t['fragments/price-row.json'], '/body/0/props').size = { $param: 'size' };
    }));
    const text = formatErrors(errors);
    expect(text).toMatch(/schemas\/screens\/pdp\.json:\d+:\d+ +\/body\/3\/args +missing argument 'value' of fragment "price-row"/);
    expect(text).toMatch(/\/body\/3\/args\/valu +unknown argument "valu" of fragment "price-row" — did you mean "value"\?/);
    expect(text).toMatch(/schemas\/modals\/confirm\.json:\d+:\d+ +\/body\/0\/args\/value +argument value of fragment "price-row" must be a number, not a string/);
    expect(text).toMatch(/schemas\/screens\/checkout-data-delivery\.json:\d+:\d+ +\/body\/0\/fragment +unknown fragment "price-rows" — did you mean "price-row"\?/);
    // the include of an unknown fragment is not also a node without "component" and with an unexpected "fragment"
    expect(errors.filter((e) => e.file === 'schemas/screens/checkout-data-delivery.json').map((e) => e.pointer)).toEqual(['/body/0/fragment']);
    expect(text).toMatch(/schemas\/fragments\/price-row\.json:\d+:\d+ +\/body\/0\/props\/size +"\$param": "size" names no parameter/);
  });

  it('reports a fragment that includes itself and one that nothing includes', async () => {
    const t = withFragment((x) => { x['fragments/price-row.json'].body.push({ fragment: 'price-row', args: { value: 1 } }); });
    t['fragments/lonely.json'] = { $schema: '../meta/fragment.schema.json', id: 'lonely', version: 1, body: [] };
    const text = formatErrors((await check(t)).errors);
    expect(text).toMatch(/price-row\.json:\d+:\d+ +\/body\/2\/fragment +fragment "price-row" includes itself \(price-row → price-row\)/);
    expect(text).toMatch(/lonely\.json:\d+:\d+ +\/id +fragment "lonely" is included by no screen or modal/);
  });

  it('keeps positions right when an include in a list is followed by more nodes (nested includes too)', () => {
    const frags = {
      two: { id: 'two', body: [{ component: 'A' }, { fragment: 'one' }] },
      one: { id: 'one', body: [{ component: 'B', children: [{ component: 'C' }] }] },
    };
    const x = expandDocument({ body: [{ fragment: 'two' }, { component: 'D', children: [{ fragment: 'one' }] }] }, frags);
    expect(x.problems).toEqual([]);
    expect(JSON.stringify(x.json.body)).toBe(JSON.stringify([{ component: 'A' }, { component: 'B', children: [{ component: 'C' }] }, { component: 'D', children: [{ component: 'B', children: [{ component: 'C' }] }] }]));
    expect(x.origins.get('/body/1/children/0')).toMatchObject({ fragment: 'one', pointer: '/body/0/children/0' });
    expect(x.origins.get('/body/2')).toMatchObject({ fragment: null, pointer: '/body/1' });
    expect(x.origins.get('/body/2/children/0')).toMatchObject({ fragment: 'one', pointer: '/body/0', includedAt: [{ fragment: null, pointer: '/body/1/children/0' }] });
  });
});

describe('the link check', () => {
  it('matches routes like the router does', () => {
    expect(routeMatcher('/uredjaj/:productCode/:colorCode?').test('/uredjaj/X')).toBe(true);
    expect(routeMatcher('/uredjaj/:productCode/:colorCode?').test('/uredjaj/X/BLUE/')).toBe(true);
    expect(routeMatcher('/uredjaj/:productCode/:colorCode?').test('/uredjaj')).toBe(false);
    expect(routeMatcher('/Dodaci').test('/dodaci')).toBe(true);
    expect(internalPath('/a/b?page=2#top')).toBe('/a/b');
    expect(internalPath('mailto:x@y.rs')).toBeNull();
    expect(internalPath('//cdn.example/x')).toBeNull();
  });

  it('reports every internal link no screen serves, with file, line and pointer — in screens, fragments, flows and texts', async () => {
    const t = withFragment((x) => {
      x['screens/pdp.json'].body[1].props!.to = '/nema-je'; // a prop "to" the fake Button does not declare is reported too; the link check adds its own line
      at(x['fragments/price-row.json'], '/body/1/on/click/args').to = '/Privatni/Dodaci';
      x['flows/guest.json'].backToOffer = '/Ponuda';
      x['messages/sr.json']['pdp.title'] = 'Uređaj — [uslovi](/uslovi)';
      x['messages/en.json']['pdp.title'] = 'Device — [terms](/Privatni/Uredjaji/x?tab=1)';
    });
    const text = formatErrors((await check(t)).errors);
    expect(text).toMatch(/schemas\/screens\/pdp\.json:\d+:\d+ +\/body\/1\/props\/to +link "\/nema-je" leads to no screen/);
    expect(text).toMatch(/schemas\/fragments\/price-row\.json:\d+:\d+ +\/body\/1\/on\/click\/args\/to +link "\/Privatni\/Dodaci" leads to no screen.*included by schemas\/screens\/pdp\.json/);
    expect(text).toMatch(/schemas\/flows\/guest\.json:\d+:\d+ +\/backToOffer +link "\/Ponuda" leads to no screen/);
    expect(text).toMatch(/schemas\/messages\/sr\.json:\d+:\d+ +\/pdp\.title +link "\/uslovi" leads to no screen/);
    expect(text).not.toMatch(/link "\/Privatni\/Uredjaji\/x\?tab=1"/);
  });

  it('accepts a pending link with its reason, refuses one without, and one a screen serves', async () => {
    const t = validTree() as DocTree;
    t['flows/guest.json'].backToOffer = '/placanje-racuna';
    const pending = { links: { '/placanje-racuna': 'self-care builds it', '/bez-razloga': '', '/kupovina/podaci-dostava': 'served already' } };
    const text = formatErrors((await check({ ...t, 'meta/pending-links.json': pending })).errors);
    expect(text).not.toMatch(/link "\/placanje-racuna"/);
    expect(text).toMatch(/schemas\/meta\/pending-links\.json:\d+:\d+ +\/links\/~1bez-razloga +the pending link "\/bez-razloga" needs its reason/);
    expect(text).toMatch(/"\/kupovina\/podaci-dostava" is served by a screen now — remove it from the pending links/);
  });

  it('counts the PDF a screen is printed as as served', async () => {
    const t = validTree() as DocTree;
    t['screens/checkout-data-delivery.json'].pdf = '/media/docs/uslovi.pdf';
    t['flows/guest.json'].backToOffer = '/media/docs/uslovi.pdf';
    expect(formatErrors((await check(t)).errors)).toBe('');
    t['flows/guest.json'].backToOffer = '/media/docs/drugi.pdf';
    expect(formatErrors((await check(t)).errors)).toMatch(/link "\/media\/docs\/drugi\.pdf" leads to no screen/);
  });
});
