// DEVELOPMENT-ONLY routes of the cart (registered only by buildApp({ dev: true })): coupons on and off, to provoke
// voucherIsNotAvailable at validation. No authentication: they never exist on a production server.
// (Stock, prices and charge types: server/catalog/dev.ts.)
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { vouchers } from './schema';
import { notFound } from '../lib/errors';

const codeProp = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' };

export async function devCartRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  /** POST /dev/vouchers/disable { code } and /dev/vouchers/enable { code } → voucherIsNotAvailable at validate. */
  for (const [path, enabled] of [['/dev/vouchers/disable', false], ['/dev/vouchers/enable', true]] as const) {
    app.post<{ Body: { code: string } }>(path, {
      schema: { body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: codeProp } } },
    }, async (req) => {
      const rows = await db.update(vouchers).set({ enabled }).where(eq(vouchers.code, req.body.code.toUpperCase())).returning();
      if (!rows[0]) throw notFound(req.body.code, 'error.unknownIdentifier');
      return { code: rows[0].code, enabled };
    });
  }
}
