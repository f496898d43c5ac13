import { defineAction, defineSetter } from '../define';
import { pushEvent } from '../consent-cookies';

export default [
  defineSetter({
    name: 'ui.openModal',
    description: 'Opens the modal document schemas/modals/<id>.json on top of the modal stack; inside, the scope gains /modal = { id, params }.',
    args: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 }, params: { type: 'object' } } },
    set: (args, { ui }) => ui.openModal(args.id, args.params ?? {}),
  }),
  defineSetter({
    name: 'ui.closeModal',
    description: 'Closes the modal with this id (default: the top one).',
    args: { type: 'object', properties: { id: { type: 'string' } } },
    set: (args, { ui }) => ui.closeModal(args.id),
  }),
  defineAction({
    name: 'ui.toast',
    description: 'Shows a toast: a message key (with params) or a ready text; 5 s, errors 10 s.',
    args: {
      type: 'object',
      anyOf: [{ required: ['message'] }, { required: ['text'] }],
      properties: { message: { type: 'string' }, text: { type: 'string' }, params: { type: 'object' }, kind: { enum: ['info', 'success', 'error'] } },
    },
    run(args, ctx) {
      ctx.stores.ui.showToast({ kind: args.kind ?? 'info', message: args.message, text: args.text, params: args.params });
    },
  }),
  defineSetter({
    name: 'ui.dismissToast',
    description: 'Removes a toast before its time is up (its close button).',
    args: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    set: (args, { ui }) => ui.dismissToast(args.id),
  }),
  defineAction({
    name: 'ui.toggleMiniCart',
    description: 'Opens or closes the header mini cart (toggles when open is not given). The component closes it on outside click and resize.',
    args: { type: 'object', properties: { open: { type: 'boolean' } } },
    run(args, ctx) {
      const { cart } = ctx.stores;
      const open = args.open ?? !cart.miniCartOpen;
      // the mini-cart view event (seed 001), only with the analytics consent
      if (open && !cart.miniCartOpen) pushEvent(() => ctx.stores.ui.consent, { event: 'view_mini_cart', items: cart.totalItems });
      cart.setMiniCartOpen(open);
    },
  }),
];
