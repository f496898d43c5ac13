// @vitest-environment node
// Checker rules of issue 29: a checkout step whose screen does not serve its path, a form's ui:order and required
// naming fields it does not have, and did-you-mean for links and for mistyped fragment includes.
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { requiredRoutes, validTree, writeTree, type DocTree, type Tree } from './fixture';
import type { ActionCall, Node } from '../../../schemas/types/node';
import type { Fragment } from '../../../schemas/types/fragment';
import type { DevicePageStep } from '../../../schemas/types/rule';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function errorsOf(change: (t: DocTree) => void) {
  const t = validTree() as DocTree;
  change(t);
  const { schemasDir, cleanup } = await writeTree(t as Tree);
  cleanups.push(cleanup);
  return (await loadAndCheck(schemasDir)).errors;
}

describe('checker rules', () => {
  it('reports a checkout step whose screen does not serve the step\'s path, naming the screen that does', async () => {
    const errors = await errorsOf((t) => { t['flows/guest.json'].steps[0].screen = 'pdp'; });
    expect(errors.map((e) => [e.file, e.pointer, e.suggestion])).toEqual([['schemas/flows/guest.json', '/steps/0/screen', 'checkout-data-delivery']]);
    expect(errors[0].message).toBe('screen "pdp" does not serve the step\'s path "/kupovina/podaci-dostava" (its route is "/Privatni/Uredjaji/:code", "/Privatni/Uredjaji/:code/:color"), so the shopper sent to this step would be stuck on another page — did you mean "checkout-data-delivery"? (its route serves "/kupovina/podaci-dostava")');
    expect(errors[0].line).toBeGreaterThan(1);
  });

  it('accepts a step whose screen serves the path through an alias, and says what to do when no screen serves it', async () => {
    expect(formatErrors(await errorsOf((t) => {
      t['screens/checkout-data-delivery.json'].route = '/kupovina/dostava';
      t['screens/checkout-data-delivery.json'].aliases = ['/kupovina/podaci-dostava'];
    }))).toBe('');
    const errors = await errorsOf((t) => { t['screens/checkout-data-delivery.json'].route = '/kupovina/dostava'; });
    const step = errors.filter((e) => e.file === 'schemas/flows/guest.json');
    expect(step.map((e) => e.message)).toEqual(['screen "checkout-data-delivery" does not serve the step\'s path "/kupovina/podaci-dostava" (its route is "/kupovina/dostava"), so the shopper sent to this step would be stuck on another page — give the screen the route "/kupovina/podaci-dostava"']);
  });

  it('reports a form\'s ui:order naming an unknown field, and one that leaves fields out without "*"', async () => {
    const errors = await errorsOf((t) => { t['forms/guest.json'].uiSchema!['ui:order'] = ['firstNam', 'contactPhone']; });
    expect(errors.map((e) => [e.pointer, e.suggestion])).toEqual([['/uiSchema/ui:order', undefined], ['/uiSchema/ui:order/0', 'firstName']]);
    expect(errors[1].message).toBe('ui:order names "firstNam", which is no field of the data schema, so the form would not be drawn — did you mean "firstName"?');
    expect(errors[0].message).toMatch(/^ui:order leaves out "firstName" and has no "\*"/);
    expect(formatErrors(await errorsOf((t) => { t['forms/guest.json'].uiSchema!['ui:order'] = ['contactPhone', '*']; }))).toBe('');
  });

  it('reports required naming an unknown field, in the object and in its conditional parts, and accepts the object\'s fields there', async () => {
    const errors = await errorsOf((t) => {
      const schema = t['forms/guest.json'].schema as Record<string, unknown>;
      schema.required = ['firstName', 'contactPhon'];
      schema.allOf = [{ if: { required: ['firstName'] }, then: { required: ['contactPhone', 'email'] } }];
    });
    expect(errors.map((e) => [e.pointer, e.suggestion])).toEqual([['/schema/required/1', 'contactPhone'], ['/schema/allOf/0/then/required/1', undefined]]);
    expect(errors[0].message).toBe('required names "contactPhon", which is no field of the data schema, so the form could never be sent — did you mean "contactPhone"?');
  });

  it('suggests the address a link that leads nowhere probably meant', async () => {
    const errors = await errorsOf((t) => {
      t['screens/pdp.json'].load![0].args!.to = '/Privatni/Uredjaj/x'; // a typo in a segment of a route with a parameter
      (t['screens/pdp.json'].body[2].on!.submit as ActionCall).args!.to = '/kupovina/podaci-dostav'; // a typo of a whole address
    });
    expect(errors.map((e) => [e.pointer, e.suggestion])).toEqual([
      ['/load/0/args/to', '/Privatni/Uredjaji/x'],
      ['/body/2/on/submit/args/to', '/kupovina/podaci-dostava'],
    ]);
    expect(errors[0].message).toMatch(/ — did you mean "\/Privatni\/Uredjaji\/x"\?$/);
  });

  it('says did-you-mean for a mistyped include ("fragmnet", "arg") instead of calling it a node without a component', async () => {
    const errors = await errorsOf((t) => {
      // a valid fragment: the generated type takes a parameter's default for an object, where any JSON value is one
      t['fragments/price-row.json'] = {
        $schema: '../meta/fragment.schema.json', id: 'price-row', version: 1,
        params: { value: { description: 'The price.', type: 'number', default: 1 } },
        body: [{ component: 'PriceTag', props: { value: { $param: 'value' } } }],
      } as unknown as Fragment;
      t['screens/pdp.json'].body.push({ fragment: 'price-row', arg: { value: 5 } } as unknown as Node, { fragmnet: 'price-row', args: { value: 5 } } as unknown as Node);
    });
    expect(errors.map((e) => [e.pointer, e.suggestion, e.message])).toEqual([
      ['/body/3/arg', 'args', 'unexpected property \'arg\' of a fragment include — did you mean "args"? — it takes only "fragment" and "args" (put conditions inside the fragment)'],
      ['/body/4/fragmnet', 'fragment', 'unexpected property \'fragmnet\' — did you mean "fragment"? (an include is { "fragment": "<id>", "args": { … } })'],
    ]);
  });

  it('reports an account gate sending to no destination of the document, and a condition reading what a gate is not given', async () => {
    const required = requiredRoutes();
    const errors = await errorsOf((t) => {
      t['rules/routes.json'] = {
        $schema: '../meta/rule.schema.json', id: 'routes', version: 1,
        ...required, destinations: { ...required.destinations, fillData: { path: '/kupovina/podaci-dostava' } },
        accountGates: [
          { when: { scope: '/user/emailNotSet', schema: { const: true } }, to: 'fillDta' },
          { when: { scope: '/cart/totalItems', schema: { minimum: 1 } }, to: 'fillData' },
        ],
      };
    });
    expect(errors.map((e) => [e.file, e.pointer, e.suggestion])).toEqual([
      ['schemas/rules/routes.json', '/accountGates/0/to', 'fillData'],
      ['schemas/rules/routes.json', '/accountGates/1/when', undefined],
    ]);
    expect(errors[0].message).toBe('"fillDta" is no destination of this document — did you mean "fillData"?');
    expect(errors[1].message).toBe('a gate\'s condition reads { user, toCheckout, atSignIn }: "/cart" is none of them');
  });

  it('reports a device page wizard with a step id twice, a condition reading what a step is not given or with an unknown keyword, and a screen naming a step the document lacks', async () => {
    const stepIs = (id: string) => ({ properties: { catalog: { properties: { pdp: { properties: { stepId: { const: id } } } } } } });
    const errors = await errorsOf((t) => {
      t['rules/pdp-wizard.json'] = {
        $schema: '../meta/rule.schema.json', id: 'pdp-wizard', version: 1,
        pdpSteps: [
          { id: 'choice', title: { message: 'pdp.title' } },
          { id: 'extras', title: { message: 'pdp.title' }, when: { anyOf: [{ scope: '/product/hasAccessories', schema: { const: true } }, { scope: '/cart/totalItems', schema: { minimum: 1 } }] } },
          { id: 'extras', title: { message: 'pdp.title' }, when: { scope: '/sellableTariff', schema: { minimun: 1 } } as never },
        ],
      };
      const body = t['screens/pdp.json'].body as Node[];
      body[0] = { ...body[0]!, visibleIf: { anyOf: [stepIs('choice'), stepIs('extra')] } } as Node;
    });
    expect(errors.map((e) => [e.file, e.pointer, e.suggestion])).toEqual([
      ['schemas/rules/pdp-wizard.json', '/pdpSteps/1/when/anyOf/1', undefined],
      ['schemas/rules/pdp-wizard.json', '/pdpSteps/2/id', undefined],
      ['schemas/rules/pdp-wizard.json', '/pdpSteps/2/when/schema/minimun', 'minimum'],
      ['schemas/screens/pdp.json', '/body/0/visibleIf/anyOf/1/properties/catalog/properties/pdp/properties/stepId/const', 'extras'],
    ]);
    expect(errors.filter((_, i) => i !== 2).map((e) => e.message)).toEqual([
      'a step\'s condition reads { product, sellableTariff }: "/cart" is none of them',
      'step id "extras" is declared twice: the screen could not tell the steps apart',
      '"extra" is no step of schemas/rules/pdp-wizard.json ("choice", "extras") — did you mean "extras"?',
    ]);
  });

  it('reports a device page wizard whose work is declared twice or whose "extras" work comes before the "device" work; renamed steps with their work pass', async () => {
    const step = (id: string, work?: 'device' | 'extras'): DevicePageStep => ({ id, title: { message: 'pdp.title' }, ...(work ? { work } : {}) });
    const wizard = (steps: [DevicePageStep, ...DevicePageStep[]]) => (t: DocTree) => {
      t['rules/pdp-wizard.json'] = { $schema: '../meta/rule.schema.json', id: 'pdp-wizard', version: 1, pdpSteps: steps };
    };
    const bad = await errorsOf(wizard([step('choice', 'extras'), step('phone', 'device'), step('more', 'device')]));
    expect(bad.map((e) => [e.pointer, e.message])).toEqual([
      ['/pdpSteps/0/work', 'the "extras" step must come after the "device" step: the insurance goes onto the device that step put into the cart'],
      ['/pdpSteps/2/work', 'the work "device" is declared twice: the shopper would do it twice'],
    ]);
    // the screen of the fixture names "choice" and "extras": renamed steps keep those ids here, their work moves
    expect(await errorsOf(wizard([step('choice', 'device'), step('extras'), step('summary', 'extras')]))).toEqual([]);
  });
});
