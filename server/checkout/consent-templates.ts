// The consent templates (the checkout module owns consent_templates) as the profile shows them: each template with
// the signed-in customer's consent (the user module's user_consents, below checkout), and whether a template exists.
// The profile's routes reach them through server/workflows/consents.ts (the user module sits below checkout).
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { consentTemplates } from './schema';
import { consentsOfUserSubquery } from '../user/index';
import type { Lang } from '../lib/lang';

/** Every consent template with the user's state: given (with its consentCode and date) or not, withdrawn when. */
export async function consentsOf(db: DbOrTx, userId: number, lang: Lang) {
  const consent = consentsOfUserSubquery(userId);
  const rows = await db.select({ t: consentTemplates, c: consent.columns }).from(consentTemplates)
    .leftJoin(consent.table, eq(consent.columns.consentTemplateId, consentTemplates.id))
    .orderBy(asc(consentTemplates.sortOrder));
  return rows.map(({ t, c }) => ({
    consentTemplateId: t.id, name: t.name[lang], description: t.description[lang], documentUrl: t.documentUrl, required: t.required,
    consentCode: c && !c.withdrawnAt ? c.consentCode : null,
    given: !!c && !c.withdrawnAt, givenAt: c && !c.withdrawnAt ? c.givenAt.toISOString() : null,
    withdrawnAt: c?.withdrawnAt ? c.withdrawnAt.toISOString() : null,
  }));
}

/** Whether a consent template of this id exists. */
export async function consentTemplateExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.select({ id: consentTemplates.id }).from(consentTemplates).where(eq(consentTemplates.id, id))).length > 0;
}
