// @vitest-environment node
// The checker on the rule documents (schemas/rules) and the flows' step guard conditions.
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { at, requiredRoutes, validTree, writeTree, type DocTree, type Tree } from './fixture';
import type { CheckoutFlow, Step } from '../../../schemas/types/flow';
import type { Reaction1, RuleDocument } from '../../../schemas/types/rule';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });

function withRules(change: (t: DocTree) => void = () => {}): Tree {
  const t = validTree() as DocTree;
  t['rules/checkout-types.json'] = {
    $schema: '../meta/rule.schema.json', id: 'checkout-types', version: 1,
    checkoutTypes: [
      { checkoutType: 'GUEST', signedIn: false, anyEntry: { type: ['DEVICE'] } },
      { checkoutType: 'GUEST' },
    ],
  };
  t['rules/cart-statuses.json'] = {
    $schema: '../meta/rule.schema.json', id: 'cart-statuses', version: 1,
    cartStatuses: { notEligibleByAge: { modal: 'confirm', modalParams: 'message' }, success: { toast: { kind: 'success', text: { message: 'modal.confirm.ok' } } } },
  };
  change(t);
  return t;
}

async function check(tree: Tree) {
  const { schemasDir, cleanup } = await writeTree(tree);
  cleanups.push(cleanup);
  return loadAndCheck(schemasDir);
}

describe('rule documents', () => {
  it('a valid pair of rule documents passes and is served as kind "rule"', async () => {
    const { documents, errors } = await check(withRules());
    expect(formatErrors(errors)).toBe('');
    expect(documents.filter((d) => d.kind === 'rule').map((d) => d.id).sort()).toEqual(['cart-statuses', 'checkout-types']);
  });

  it('a checkout type without a flow, a conditional last rule and an unconditional rule before others are errors', async () => {
    const { errors } = await check(withRules((t) => {
      t['rules/checkout-types.json'].checkoutTypes = [
        { checkoutType: 'GUEST' },
        { checkoutType: 'MOBILE', signedIn: true },
      ];
    }));
    expect(errors.map((e) => e.pointer).sort()).toEqual(['/checkoutTypes/0', '/checkoutTypes/1', '/checkoutTypes/1/checkoutType']);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/checkout type MOBILE has no flow/);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/the last checkout type rule must have no conditions/);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/rules after it are never used/);
  });

  it('an unknown product type, statusCode, modal or message key is reported', async () => {
    const { errors } = await check(withRules((t) => {
      at(t['rules/checkout-types.json'], '/checkoutTypes/0/anyEntry').type = ['PHONE'];
      const statuses = t['rules/cart-statuses.json'].cartStatuses!;
      statuses.notEligibleByAge.modal = 'confrm';
      statuses.success.toast!.text.message = 'modal.confirm.okk';
      statuses.tooMany = { modal: 'confirm' };
    }));
    const text = formatErrors(errors);
    expect(text).toMatch(/checkout-types\.json.*\/checkoutTypes\/0\/anyEntry\/type\/0/);
    expect(text).toMatch(/unknown modal "confrm" — did you mean "confirm"\?/);
    expect(text).toMatch(/message key "modal\.confirm\.okk" is missing/);
    expect(text).toMatch(/cartStatuses/);
    expect(errors.length).toBe(5); // the missing key once per language
  });

  it('payment-modes: a valid document passes; a conditional last rule, CreditCard without card types, a saved card or monthly bill for guests and an unknown mode are errors', async () => {
    const names = (t: DocTree) => {
      for (const lang of ['sr', 'en']) {
        const m = t[`messages/${lang}.json`];
        for (const mode of ['ChargeGroupAccount', 'CreditCard', 'Delivery']) m[`checkout.payment.name.${mode}`] = mode;
      }
    };
    const ok = await check(withRules((t) => {
      names(t);
      t['rules/payment-modes.json'] = {
        $schema: '../meta/rule.schema.json', id: 'payment-modes', version: 1,
        paymentModes: [
          { checkoutTypes: ['MOBILE'], signedIn: true, modes: ['CreditCard', 'ChargeGroupAccount'], cardPaymentTypes: ['NEW_CARD', 'SAVED_CARD'] },
          { modes: ['CreditCard'], cardPaymentTypes: ['NEW_CARD'] },
        ],
      };
    }));
    expect(formatErrors(ok.errors)).toBe('');
    expect(ok.documents.filter((d) => d.kind === 'rule').map((d) => d.id).sort()).toEqual(['cart-statuses', 'checkout-types', 'payment-modes']);

    const { errors } = await check(withRules((t) => {
      names(t);
      t['rules/payment-modes.json'] = {
        $schema: '../meta/rule.schema.json', id: 'payment-modes', version: 1,
        paymentModes: [
          { modes: ['Delivery'], cardPaymentTypes: ['NEW_CARD'] },
          { checkoutTypes: ['GUEST'], modes: ['CreditCard', 'ChargeGroupAccount'] },
          { signedIn: false, modes: ['CreditCard'], cardPaymentTypes: ['SAVED_CARD'] },
        ],
      };
    }));
    const text = formatErrors(errors);
    expect(text).toMatch(/paymentModes\/0.*only the last rule may have none/);
    expect(text).toMatch(/paymentModes\/0\/cardPaymentTypes.*without CreditCard/);
    expect(text).toMatch(/paymentModes\/1.*say how the card may be given/);
    expect(text).toMatch(/paymentModes\/1.*ChargeGroupAccount needs a signed-in customer/);
    expect(text).toMatch(/paymentModes\/2.*the last payment mode rule must have no conditions/);
    expect(text).toMatch(/paymentModes\/2.*SAVED_CARD needs a signed-in customer/);

    const unknown = await check(withRules((t) => {
      names(t);
      at(t)['rules/payment-modes.json'] = { $schema: '../meta/rule.schema.json', id: 'payment-modes', version: 1, paymentModes: [{ modes: ['Cash'] }] };
    }));
    expect(formatErrors(unknown.errors)).toMatch(/paymentModes\/0\/modes\/0/);
  });

  it('payment-modes: paying on delivery is refused for a checkout type whose flow has no delivery step', async () => {
    const offer = (steps?: CheckoutFlow['steps']) => (t: DocTree) => {
      for (const lang of ['sr', 'en']) for (const mode of ['CreditCard', 'Delivery']) t[`messages/${lang}.json`][`checkout.payment.name.${mode}`] = mode;
      if (steps) t['flows/guest.json'].steps = steps;
      t['rules/payment-modes.json'] = {
        $schema: '../meta/rule.schema.json', id: 'payment-modes', version: 1,
        paymentModes: [{ modes: ['CreditCard', 'Delivery'], cardPaymentTypes: ['NEW_CARD'] }],
      };
    };
    // the fixture's guest flow has the data-and-delivery step: a courier can be paid
    expect(formatErrors((await check(withRules(offer()))).errors)).toBe('');
    // an e-mail verification instead (as a prepaid eSIM): nothing is delivered
    const { errors } = await check(withRules(offer([
      { code: 'GUEST_ORDER_INFO', path: '/kupovina/podaci-dostava', eventName: 'checkout_guest_order_info', screen: 'checkout-overview', title: { message: 'checkout.step.dataDelivery' } },
    ])));
    expect(formatErrors(errors)).toMatch(/payment-modes\.json.*\/paymentModes\/0\/modes\/1 .*Delivery \(paying the courier\) is offered to GUEST, whose flow schemas\/flows\/guest\.json has no delivery step/);
  });

  it('routes: every destination is served by a screen and every modal name opens a modal document', async () => {
    // the names the shop's code uses (required by the meta-schema) beside the test's own
    const routes = (destinations: Record<string, { path: string }>, modals: Record<string, { modal: string }>) => (t: DocTree) => {
      const required = requiredRoutes();
      t['rules/routes.json'] = { $schema: '../meta/rule.schema.json', id: 'routes', version: 1, destinations: { ...required.destinations, ...destinations }, modals: { ...required.modals, ...modals } };
    };
    const ok = await check(withRules(routes(
      { pdp: { path: '/Privatni/Uredjaji/:code' }, phone: { path: '/Privatni/Uredjaji/IPH15?x=1' }, checkout: { path: '/kupovina/*' }, delivery: { path: '/kupovina/podaci-dostava' } },
      { confirm: { modal: 'confirm' } },
    )));
    expect(formatErrors(ok.errors)).toBe('');

    const { errors } = await check(withRules(routes(
      { pdp: { path: '/Privatni/Uredjaji/:productCode' }, delivery: { path: '/kupovina/podaci-dostavaa' }, shop: { path: '/prodavnica/*' }, bad: { path: 'kupovina' } },
      { confirm: { modal: 'confrm' } },
    )));
    const text = formatErrors(errors);
    expect(text).toMatch(/destinations\/pdp\/path.*is no screen's route or alias/);
    expect(text).toMatch(/destinations\/delivery\/path.*no screen serves "\/kupovina\/podaci-dostavaa".*did you mean "\/kupovina\/podaci-dostava"/);
    expect(text).toMatch(/destinations\/shop\/path.*no screen serves a page under "\/prodavnica\/"/);
    expect(text).toMatch(/destinations\/bad\/path/); // the meta schema: a path starts with /
    expect(text).toMatch(/modals\/confirm\/modal.*unknown modal "confrm" — did you mean "confirm"\?/);
    expect(errors.length).toBe(5);

    // a name the shop's code sends to or opens may not go: the live shop would have nowhere to send the shopper
    const { errors: missing } = await check(withRules((t) => {
      const { destinations, modals } = requiredRoutes();
      const { offer: _offer, ...otherDestinations } = destinations;
      const { coupons: _coupons, ...otherModals } = modals;
      t['rules/routes.json'] = { $schema: '../meta/rule.schema.json', id: 'routes', version: 1, destinations: otherDestinations as typeof destinations, modals: otherModals as typeof modals };
    }));
    expect(formatErrors(missing)).toMatch(/routes\.json.*\/destinations .*missing property 'offer'/);
    expect(formatErrors(missing)).toMatch(/routes\.json.*\/modals .*missing property 'coupons'/);
    expect(missing.length).toBe(2);
  });

  it('cart-validation: reasons with a modal that exists pass; an unknown modal, two spellings of one reason and a reaction without "blocks" are errors', async () => {
    const cv = (cartValidation: RuleDocument['cartValidation']) => (t: DocTree) => {
      t['rules/cart-validation.json'] = { $schema: '../meta/rule.schema.json', id: 'cart-validation', version: 1, cartValidation };
    };
    const ok = await check(withRules(cv({
      reasons: { conflict: { modal: 'confirm', conflict: true, blocks: true }, forceChangeOneTime: { changeChargeType: 'ONE_TIME_CHARGE', toast: { kind: 'info', text: { message: 'modal.confirm.ok' }, serverMessage: true }, blocks: false } },
      otherwise: { toast: { kind: 'error', text: { message: 'modal.confirm.ok' } }, blocks: true },
    })));
    expect(formatErrors(ok.errors)).toBe('');

    const { errors } = await check(withRules(cv({
      reasons: { conflict: { modal: 'confrm', blocks: true }, forceChangeOneTime: { blocks: false }, FORCE_CHANGE_ONE_TIME: { blocks: true }, noStock: { conflict: true } as Reaction1 }, // a reaction without "blocks"
      otherwise: { blocks: true },
    })));
    const text = formatErrors(errors);
    expect(text).toMatch(/cartValidation\/reasons\/conflict\/modal.*unknown modal "confrm"/);
    expect(text).toMatch(/"FORCE_CHANGE_ONE_TIME" is the same reason as "forceChangeOneTime"/);
    expect(text).toMatch(/cartValidation\/reasons\/noStock/);
    expect(errors.length).toBe(3);
  });

  it('a flow step with an unknown code, a wrong path or an unknown screen, or a doneWhen outside the condition subset, is reported', async () => {
    const { errors } = await check(withRules((t) => {
      const steps = t['flows/guest.json'].steps;
      steps.push({ code: 'CONNECT_MSISDN', path: '/kupovina/broj', eventName: 'checkout_msisdn', screen: 'checkout-msisdn', title: { message: 'checkout.step.dataDelivery' } });
      steps.push({ code: 'NUMBER_CHOICE', path: '/kupovina/broj', eventName: 'x', screen: 'pdp', title: { message: 'checkout.step.dataDelivery' } } as unknown as Step); // no step code
      at(steps[0]).doneWhen = { $comment: 'x', required: ['orderCustomerInfo'] };
    }));
    const text = formatErrors(errors);
    expect(text).toMatch(/\/steps\/1\/path.*must be "\/kupovina\/postavke-mobilne-usluge"/);
    expect(text).toMatch(/\/steps\/1\/screen.*unknown screen "checkout-msisdn"/);
    expect(text).toMatch(/\/steps\/2\/code/);
    expect(text).toMatch(/\/steps\/0\/doneWhen/);
  });
});
