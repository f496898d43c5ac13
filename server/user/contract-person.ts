// The contract's person (issue 27): the checks of the personal data a postpaid or home contract needs — the
// personal-data step of a signed-in checkout (server/delivery/) and a guest's contract data (server/checkout/).
import { badInput } from '../lib/errors';
import { birthDateOfJmbg, isAdultJmbg } from './jmbg';

/** The issue date sent as yyyy-mm-ddT01:00:00+01:00: a real calendar date, not in the future, not before birth. */
function checkIssueDate(value: string, jmbg: string, subject: string, now = new Date()): void {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  const birth = birthDateOfJmbg(jmbg);
  if (!real || date.getTime() > now.getTime() || (birth && date.getTime() < birth.getTime()) || y < 1950) {
    throw badInput('delivery.error.issueDate', {}, subject, 'issueDate');
  }
}

/** An issue date typed dd.mm.yyyy as the personal-data step sends it: yyyy-mm-ddT01:00:00+01:00 (seed 001 §3). */
export const issueDateOfTyped = (typed: string): string => {
  const [d, m, y] = typed.split('.');
  return `${y}-${m}-${d}T01:00:00+01:00`;
};

/**
 * The contract's person checks (the personal-data step, and the guest's contract data): the JMBG's control digit and
 * date, the adult check (18), the document's issue date (as sent: yyyy-mm-ddT01:00:00+01:00). A refusal names the
 * field as `<prefix>/jmbg` or `<prefix>/primaryContactDocumentIdIssueDate`, so the form marks it.
 */
export function checkContractPerson(jmbg: string, issueDate: string, prefix: string): void {
  if (!birthDateOfJmbg(jmbg)) throw badInput('delivery.error.jmbg', {}, `${prefix}/jmbg`, 'jmbg');
  if (!isAdultJmbg(jmbg)) throw badInput('validation.adult', {}, `${prefix}/jmbg`, 'notEligibleByAge');
  checkIssueDate(issueDate, jmbg, `${prefix}/primaryContactDocumentIdIssueDate`);
}
