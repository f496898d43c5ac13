import { defineSetter } from '../define';

export default defineSetter({
  name: 'form.change',
  description: 'Keeps the data of a form in ui.forms[formId].data so nothing entered is lost on navigation.',
  args: { type: 'object', required: ['formId', 'data'], properties: { formId: { type: 'string', minLength: 1 }, data: { type: 'object' } } },
  set: (args, { ui }) => ui.setFormData(args.formId, args.data),
});
