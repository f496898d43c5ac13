// The steps a form's action takes around the call its document declares: check the form by its precompiled validator,
// send it as the document's "submit" says (sendForm, with the stores as the state its "with" and "when" read), and stop
// on a refusal — under the field it names, else in the page's own error box. Written once for every form action.
import { ActionError, type ActionContext } from './define';
import { ApiError } from './api/errors';
import { markRefusedField, sendForm, type SentForm } from './form-submit';

/** The data of a form as the stores hold it. */
export function formDataOf(ctx: ActionContext, formId: string): Record<string, unknown> {
  return ctx.stores.ui.forms[formId]?.data ?? {};
}

/**
 * Checks a form by its precompiled validator (a form without one passes); an invalid form stops the action as handled
 * (its fields say why), with `why` as the stop's reason. Answers the form's data.
 */
export function checkedForm(ctx: ActionContext, formId: string, why = `invalid form ${formId}`): Record<string, unknown> {
  const { ui } = ctx.stores;
  if (ui.hasFormValidator(formId) && !ui.validateForms([formId])) throw new ActionError(why, true);
  return formDataOf(ctx, formId);
}

/** Sends a form's data (by default what the stores hold) as its document declares, with the stores as its state. */
export function sendFormData(ctx: ActionContext, formId: string, data: Record<string, unknown> = formDataOf(ctx, formId)): Promise<SentForm> {
  return sendForm(ctx.api, formId, data, ctx.stores);
}

/**
 * A refused call (an API error under 500, a failed connection included): a refusal naming a field of `formId` (a form
 * sent by sendForm) is marked under that field, which takes focus; any other goes to `show` (the page's error box). The
 * action stops as handled. Any other error goes on to the shared handler.
 */
export function stopOnRefusal(ctx: ActionContext, e: unknown, show: (message: string, e: ApiError) => void, formId?: string): never {
  if (e instanceof ApiError && e.status < 500) {
    if (!(formId && markRefusedField(ctx.stores.ui, formId, e))) show(e.message, e);
    throw new ActionError(e.message, true);
  }
  throw e;
}
