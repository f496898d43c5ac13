import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations for server/db/schema.ts; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/home/schema.ts', './server/numbers/schema.ts', './server/outbox/schema.ts', './server/payment/schema.ts', './server/user/schema.ts', './server/delivery/schema.ts', './server/publish/schema.ts', './server/selfcare/schema.ts'],
  out: './server/db/migrations',
});
