// DEVELOPMENT-ONLY page of the outbox (registered only by buildApp({ dev: true }), i.e. `npm run dev` and tests that
// ask for it): the latest messages the shop "sent" without SMTP or an SMS gateway, so a tester can read one-time codes.
// A production server has no such route (the address opens the shop's not-found page) and no link leads to it.
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../lib/lang';
import { latestMessages } from './service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f7f9}
main{max-width:72rem;margin:0 auto;padding:24px 16px}h1{font-size:1.6rem;margin:0 0 8px}p{margin:0 0 16px;color:#444}
table{width:100%;border-collapse:collapse;background:#fff;font-size:14px}caption{text-align:left;font-weight:600;padding:8px 0}
th,td{border:1px solid #d5d9e0;padding:8px;text-align:left;vertical-align:top}th{background:#eef1f5}
td.body{white-space:pre-wrap;overflow-wrap:anywhere}code{font-size:1.1em;font-weight:700;background:#fff3c4;padding:0 3px}
a{color:#0b57b7}@media (max-width:640px){table,thead,tbody,tr,th,td{display:block}thead{position:absolute;left:-9999px}td{border-top:0}tr{margin-bottom:12px;border-top:1px solid #d5d9e0}td::before{content:attr(data-label);display:block;font-weight:600}}`;

export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui } = app.ctx;
  app.get('/dev/outbox.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(CSS));
  /** GET /dev/outbox.json → { messages: [{ id, channel, recipient, subject, body, createdAt }] } (newest first) */
  app.get('/dev/outbox.json', async () => ({ messages: await latestMessages(db, 100) }));
  /** GET /dev/outbox → the page (newest first, six-digit codes highlighted). */
  app.get('/dev/outbox', async (req, reply) => {
    const lang = requestLang(req);
    const t = (k: string) => esc(ui.message(lang, k));
    const rows = await latestMessages(db, 100);
    const time = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Belgrade' });
    const body = (s: string) => esc(s).replace(/\b(\d{6})\b/g, '<code>$1</code>');
    const table = rows.length === 0 ? `<p>${t('dev.outbox.empty')}</p>` : `<table><caption>${t('dev.outbox.caption')}</caption>
<thead><tr><th scope="col">${t('dev.outbox.time')}</th><th scope="col">${t('dev.outbox.channel')}</th><th scope="col">${t('dev.outbox.recipient')}</th><th scope="col">${t('dev.outbox.subject')}</th><th scope="col">${t('dev.outbox.body')}</th></tr></thead>
<tbody>${rows.map((m) => `<tr><td data-label="${t('dev.outbox.time')}">${esc(time.format(m.createdAt))}</td><td data-label="${t('dev.outbox.channel')}">${esc(m.channel)}</td><td data-label="${t('dev.outbox.recipient')}">${esc(m.recipient)}</td><td data-label="${t('dev.outbox.subject')}">${esc(m.subject)}</td><td class="body" data-label="${t('dev.outbox.body')}">${body(m.body)}</td></tr>`).join('\n')}</tbody></table>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(`<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'sr-Latn'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('dev.outbox.title')}</title><link rel="stylesheet" href="/dev/outbox.css"></head>
<body><main><h1>${t('dev.outbox.title')}</h1><p>${t('dev.outbox.intro')} <a href="/dev/outbox">${t('dev.outbox.refresh')}</a></p>
${table}</main></body></html>`);
  });
}
