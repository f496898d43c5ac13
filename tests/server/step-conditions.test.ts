// @vitest-environment node
// The steps' doneWhen conditions are read by the evaluator the browser uses (core/conditions.ts), both forms: the long
// form over the whole cart and the short (JSON Forms) form { scope, schema, failWhenUndefined } — which the JSON Schema
// validator the server used before ignored (an unknown keyword: every such step counted as done).
import { describe, expect, it } from 'vitest';
import { checkoutStepsOf } from '../../server/flows/index';
import type { Flow } from '../../server/flows/checkout-type';

const flow: Flow = {
  checkoutType: 'GUEST',
  steps: [
    { code: 'DATA', path: '/a', eventName: 'a', screen: 'a', doneWhen: { required: ['orderCustomerInfo'], properties: { orderCustomerInfo: { type: 'object' } } } },
    { code: 'PAY', path: '/b', eventName: 'b', screen: 'b', doneWhen: { scope: '/payment/mode', schema: { enum: ['CARD', 'CASH'] }, failWhenUndefined: true } },
    { code: 'NUM', path: '/c', eventName: 'c', screen: 'c', doneWhen: { anyOf: [{ scope: '/numberChoice/msisdn', schema: { pattern: '^06' } }, { scope: '/numberChoice', schema: { const: null } }] } },
  ],
};
const done = (cart: unknown) => Object.fromEntries(checkoutStepsOf(flow, cart).map((s) => [s.code, s.done]));

describe('steps done by their doneWhen, either form', () => {
  it('a step is done only when its condition holds', () => {
    expect(done({ orderCustomerInfo: {}, payment: { mode: 'CARD' }, numberChoice: { msisdn: '0641234567' } })).toEqual({ DATA: true, PAY: true, NUM: true });
    expect(done({ payment: { mode: 'WIRE' }, numberChoice: { msisdn: '0111234567' } })).toEqual({ DATA: false, PAY: false, NUM: false });
    expect(done({ orderCustomerInfo: {}, numberChoice: null })).toEqual({ DATA: true, PAY: false, NUM: true });
  });
});
