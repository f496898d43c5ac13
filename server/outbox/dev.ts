// DEVELOPMENT-ONLY page of the outbox (registered only by buildApp({ dev: true })): the latest messages the shop
// would have sent (e-mail without SMTP_URL, every SMS), newest first — the one-time codes a tester types.
import type { FastifyInstance } from 'fastify';
import { latestMessages } from './service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async (_req, reply) => {
    const rows = await latestMessages(app.ctx.db, 50);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const items = rows.map((m) => `<tr data-recipient="${esc(m.recipient)}"><td>${m.createdAt.toISOString()}</td><td>${m.channel}</td><td>${esc(m.recipient)}</td><td>${esc(m.subject)}</td><td><pre>${esc(m.body)}</pre></td></tr>`).join('');
    return `<!doctype html><html lang="sr"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Outbox (development)</h1>`
      + `<table><thead><tr><th>Time</th><th>Channel</th><th>Recipient</th><th>Subject</th><th>Message</th></tr></thead><tbody>${items}</tbody></table></main></body></html>`;
  });
}
