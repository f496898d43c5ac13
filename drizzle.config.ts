import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations for the tables of every module's schema.ts (server/db/tables.ts gathers
// the same list for drizzle); the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts', './server/lib/schema.ts', './server/catalog/schema.ts', './server/outbox/schema.ts', './server/user/schema.ts',
    './server/home/schema.ts', './server/payment/schema.ts', './server/selfcare/schema.ts', './server/publish/schema.ts', './server/numbers/schema.ts',
    './server/cart/schema.ts', './server/checkout/schema.ts', './server/delivery/schema.ts',
  ],
  out: './server/db/migrations',
});
