// The actions that send a form's data as its document declares ("submit", actions/form-submit.ts sendForm): every
// call of one in a screen, a modal or a fragment must name a form that declares "submit" (it would send nothing).
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import type { Report } from './crossref.js';
import { submitCallsOf } from '../../actions/form-submit.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The actions that send a form's data as its document declares (actions/form-submit.ts): action → the form id its
 * "form" argument defaults to ('' where the argument is required).
 */
const SUBMITTING_ACTIONS: Readonly<Record<string, string>> = {
  'checkout.submitGuest': 'guest',
  'selfcare.sendContact': 'contact',
  'selfcare.findBill': 'bill-find',
  'selfcare.payBill': 'bill-consents',
  'selfcare.dontCallRequestCode': 'dont-call',
  'selfcare.dontCallConfirm': 'dont-call-code',
  'selfcare.topUp': 'topup',
  'selfcare.registerPrepaid': 'prepaid-registration',
  'selfcare.checkPrepaid': 'prepaid-number',
  'profile.requestEmailCode': 'profile-email',
  'profile.saveEmail': 'profile-email-code',
  'profile.save': 'profile-code',
  'home.submitFnp': 'fnp',
  'delivery.submit': 'delivery-contact',
  'delivery.submitPersonalData': 'order-personal-data',
  'session.login': 'login',
  'account.changePassword': '',
  'account.setEmail': '',
  'account.requestRecovery': '',
  'account.identifyCustomer': '',
  'account.resetPassword': '',
  'account.register': '',
};

/** Every call of a submitting action in screens, modals and fragments names a form that declares "submit". */
export function checkSubmittingCalls(docs: LoadedDocument[], report: Report): void {
  const forms = new Map(docs.filter((d) => d.kind === 'form' && isObj(d.json)).map((d) => [d.id, d.json as Obj]));
  const walk = (doc: LoadedDocument, v: unknown, ptr: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(doc, x, `${ptr}/${i}`));
    else if (isObj(v)) {
      const fallback = typeof v.action === 'string' ? SUBMITTING_ACTIONS[v.action] : undefined;
      const args = isObj(v.args) ? v.args : {};
      if (fallback !== undefined) {
        const id = typeof args.form === 'string' ? args.form : fallback;
        const form = forms.get(id);
        if (form && submitCallsOf(form.submit).length === 0) {
          report(doc, `${ptr}/action`, `${v.action} sends the data of form "${id}", which declares no "submit" — add "submit": { "call": "…" } to schemas/forms/${id}.json`);
        }
      }
      for (const [k, x] of Object.entries(v)) walk(doc, x, `${ptr}/${escapePointer(k)}`);
    }
  };
  // screens and modals are given with their fragments included (a problem in a fragment is reported in its file)
  for (const doc of docs) if (doc.kind === 'screen' || doc.kind === 'modal') walk(doc, doc.json, '');
}
