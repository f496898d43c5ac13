import { defineAction } from '../define';
import { historyBack } from '../dom';

export default [
  defineAction({
    name: 'nav.go',
    description: 'Navigates to a path of the shop (history push, or replace when replace is true); absolute URLs leave the app.',
    args: { type: 'object', required: ['to'], properties: { to: { type: 'string', minLength: 1 }, replace: { type: 'boolean' } } },
    run(args, ctx) {
      ctx.stores.cart.setMiniCartOpen(false);
      ctx.navigate(args.to, { replace: args.replace ?? false });
    },
  }),
  defineAction({
    name: 'nav.back',
    description: 'Goes one step back in the browser history.',
    run() {
      historyBack();
    },
  }),
];
