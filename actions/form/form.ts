import { defineAction } from '../define';

export default defineAction({
  name: 'form.change',
  description: 'Keeps the data of a form in ui.forms[formId].data so nothing entered is lost on navigation.',
  args: { type: 'object', required: ['formId', 'data'], properties: { formId: { type: 'string', minLength: 1 }, data: { type: 'object' } } },
  run(args, ctx) {
    ctx.stores.ui.setFormData(args.formId, args.data);
  },
});
