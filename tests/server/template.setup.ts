// Vitest global setup of the node project: migrate and seed one database per driver, once per run, and hand the
// server files a copy of it instead of migrating and seeding their own (about 25 s of CPU per file and driver).
// PGlite: the data folder dumped to a tar file, loaded by each file (`openDatabase({ memory, loadDataDir })`).
// PostgreSQL (TEST_DATABASE_URL): a template database each file's database is created from (CREATE DATABASE … TEMPLATE).
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a tar of a migrated and seeded PGlite data folder */
    pgliteTemplate: string;
    /** the name of a migrated and seeded PostgreSQL database on TEST_DATABASE_URL's server ('' without one) */
    pgTemplate: string;
  }
}

async function pgliteTemplate(): Promise<string> {
  const database = await openDatabase({ memory: true });
  await seedIfEmpty(database.db);
  const tar = await database.dumpDataDir!();
  await database.close();
  const file = join(tmpdir(), `shop-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  return file;
}

async function pgTemplate(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `${process.env.TEST_DB_PREFIX ?? 'shop_test'}_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  // the PGlite template is built beside this one on the same event loop, and its migration holds the loop for
  // seconds at a time: this connection, idle in its migration transaction meanwhile, would be ended by the server's
  // idle-in-transaction timeout. The template's connection has none; the tests' own connections keep theirs.
  const database = await openDatabase({ url: u.toString(), timeouts: { idleInTransactionMs: 0 } });
  await seedIfEmpty(database.db);
  await database.close();
  return name;
}

async function dropPg(url: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const [file, name] = await Promise.all([pgliteTemplate(), url ? pgTemplate(url) : Promise.resolve('')]);
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', name);
  return async () => {
    rmSync(file, { force: true });
    if (url && name) await dropPg(url, name);
  };
}
