// Sending one-time codes: e-mail through nodemailer when SMTP_URL is set; otherwise (and for SMS, which has no
// gateway here) the message is kept in the outbox table, which the development page /dev/outbox shows.
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { outbox } from './schema';
import { currentRequestId } from '../lib/request-context';

export interface OutgoingMessage { channel: 'SMS' | 'EMAIL'; recipient: string; subject: string; body: string }

let transport: { sendMail: (m: Record<string, unknown>) => Promise<unknown> } | null | undefined;
async function smtp() {
  if (transport !== undefined) return transport;
  const url = process.env.SMTP_URL;
  if (!url) return (transport = null);
  const nodemailer = await import('nodemailer');
  transport = nodemailer.createTransport(url) as unknown as { sendMail: (m: Record<string, unknown>) => Promise<unknown> };
  return transport;
}

/** Sends (or keeps) a message. Answers where it went. */
export async function sendMessage(db: DbOrTx, m: OutgoingMessage): Promise<'smtp' | 'outbox'> {
  const t = m.channel === 'EMAIL' ? await smtp() : null;
  // the request that sends it (server/lib/request-context.ts): kept with the row, and an e-mail's header
  const requestId = currentRequestId();
  if (t) {
    await t.sendMail({
      from: process.env.SMTP_FROM ?? 'Orbita Telekom <no-reply@orbita.rs>', to: m.recipient, subject: m.subject, text: m.body,
      ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}),
    });
    return 'smtp';
  }
  await db.insert(outbox).values({ ...m, requestId });
  return 'outbox';
}

/** The latest messages of the outbox (the development page). */
export async function latestMessages(db: DbOrTx, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
