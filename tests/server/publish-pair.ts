// Two shop instances on one database serving the UI documents from it (issue 29: publish and rollout tests), with the
// studio's editor and reviewer signed in on the first and the English texts of the baseline.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/index';
import { readDocumentFiles } from '../../server/publish/files';
import { Customer, GATEWAY_SECRET, loadUi, SCHEMAS_DIR, startApp, type Harness } from './helpers';

export interface PublishingPair {
  h: Harness; a: FastifyInstance; b: FastifyInstance; editor: Customer; reviewer: Customer; baselineEn: string;
  close(): Promise<void>;
}

export async function startPublishingPair(url: string | undefined, opts: { now?: () => number } = {}): Promise<PublishingPair> {
  const clock = opts.now ? { now: opts.now } : {};
  const h = await startApp(url, { documents: 'database', documentsPollMs: 0, ...clock });
  let bDatabase: Database | null = null;
  let b: FastifyInstance | null = null;
  try {
    bDatabase = h.dbUrl ? await openDatabase({ url: h.dbUrl }) : null;
    b = await buildApp({ db: (bDatabase ?? h.database).db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, documents: 'database', documentsPollMs: 0, ...clock });
    await b.ready();
    const editor = await new Customer(h.app).login().then((c) => c.authorize('urednik@orbita.rs'));
    const reviewer = await new Customer(h.app).login().then((c) => c.authorize('recenzent@orbita.rs'));
    const baselineEn = (await readDocumentFiles(SCHEMAS_DIR)).get('messages/en.json')!;
    const other = b;
    const otherDb = bDatabase;
    return {
      h, a: h.app, b: other, editor, reviewer, baselineEn,
      async close() { await other.close(); await otherDb?.close(); await h.close(); },
    };
  } catch (e) {
    await b?.close(); await bDatabase?.close(); await h.close();
    throw e;
  }
}
