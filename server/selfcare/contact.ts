// The general contact form (seed 001 §7 POST /contactMts; the bare path is the fixed-number-transfer form of
// server/home, so this one answers POST /contactMts/general with the same store-and-acknowledge contract): the message is stored with a ticket number (KT + 8 digits), a
// confirmation goes to the sender's e-mail (SMTP or the outbox), and the answer acknowledges it with the ticket.
import type { Db } from '../db/index';
import { badInput } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { Lang } from '../lib/lang';
import { sendMessage } from '../outbox';
import type { Requester } from '../lib/limits';
import type { UiDocuments } from '../ui';
import { selfcareContactMessages } from './schema';

export const CONTACT_TOPICS = ['GENERAL', 'BILLING', 'TECHNICAL', 'SALES', 'COMPLAINT'] as const;
export type ContactTopic = typeof CONTACT_TOPICS[number];
export interface ContactBody { topic: ContactTopic; firstName: string; lastName: string; email: string; phone?: string; bankAccount?: string; message: string }

/** The same rules as schemas/formats (email, mobileNumber) and the contact form document. */
const EMAIL = /^(?!.*\.\.)(?!.*[šđčćžŠĐČĆŽ/*,+=;:<>~`?])[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/u;
const PHONE = /^(?:06[0-9]{7,8}|\+3816[0-9]{7,8})$/;
const NAME = /^[\p{L}][\p{L} .'-]{0,49}$/u;
/** Seed 001 §5 bank account number, dd-ddd-ddd-ddddddd (schemas/formats bankAccount; the body schema checks it too). */
const BANK_ACCOUNT = /^[0-9]{2}-[0-9]{3}-[0-9]{3}-[0-9]{7}$/;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export async function submitContact(db: Db, from: Requester, ui: UiDocuments, lang: Lang, sessionId: string | null, body: ContactBody) {
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  const email = body.email.trim();
  const phone = (body.phone ?? '').replace(/[\s\-/]/g, '');
  const message = body.message.trim();
  const bankAccount = (body.bankAccount ?? '').trim();
  if (!(CONTACT_TOPICS as readonly string[]).includes(body.topic)) throw badInput('validation.required', {}, 'topic', 'required');
  if (!NAME.test(firstName)) throw badInput('validation.alphaSpaces', {}, 'firstName', 'alphaSpaces');
  if (!NAME.test(lastName)) throw badInput('validation.alphaSpaces', {}, 'lastName', 'alphaSpaces');
  if (!EMAIL.test(email)) throw badInput('validation.email', {}, 'email', 'email');
  if (phone && !PHONE.test(phone)) throw badInput('validation.mobileNumber', {}, 'phone', 'mobileNumber');
  if (bankAccount && !BANK_ACCOUNT.test(bankAccount)) throw badInput('validation.bankAccount', {}, 'bankAccount', 'bankAccount');
  if (message.length < CONTACT_MESSAGE_MIN || message.length > CONTACT_MESSAGE_MAX) {
    throw badInput('validation.minmaxchar', { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX }, 'message', 'length');
  }
  // the confirmation mail goes to an address anyone may type: limited per client address and per recipient
  await from.limits.contact(from, email);
  const ticket = await db.transaction(async (tx) => {
    // a ticket number is unique (the column's constraint); a clash only makes us draw another one
    for (;;) {
      const t = `KT${numericCode(8)}`;
      const [row] = await tx.insert(selfcareContactMessages).values({
        ticket: t, topic: body.topic, firstName, lastName, email, phone: phone || null, bankAccount: bankAccount || null, message, lang, sessionId,
      }).onConflictDoNothing().returning({ ticket: selfcareContactMessages.ticket });
      if (row) {
        await sendMessage(tx, {
          channel: 'EMAIL', recipient: email, subject: ui.message(lang, 'contactForm.mail.subject', { ticket: t }),
          body: ui.message(lang, 'contactForm.mail.body', { name: firstName, ticket: t }),
        });
        return t;
      }
    }
  });
  return { ticket, message: ui.message(lang, 'contactForm.sent.text', { ticket, email }) };
}
