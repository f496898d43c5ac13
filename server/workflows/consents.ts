// Workflow: the signed-in customer's consents (seed 001 §7, the profile's routes server/user/profile-http/routes.ts).
// Spans checkout (the consent templates) and user (the customer's consents): the user module sits below checkout and
// reads no template itself. Giving a consent runs in the caller's transaction (server/workflows/account-change.ts).
import type { DbOrTx } from '../db/index';
import { badInput } from '../lib/errors';
import { consentTemplateExists, consentsOf } from '../checkout/index';
import { addConsent } from '../user/index';

/** Every consent template with the user's state: checkout's consentsOf, for the profile's routes. */
export { consentsOf as consentsOfUser };

/** Gives a consent (again): 400 for an unknown template, else the user module's addConsent (a new consentCode). */
export async function giveConsent(tx: DbOrTx, userId: number, consentTemplateId: string): Promise<void> {
  if (!(await consentTemplateExists(tx, consentTemplateId))) throw badInput('profile.consent.unknown', {}, 'consentTemplateId', 'unknownConsent');
  await addConsent(tx, userId, consentTemplateId);
}
