// @vitest-environment node
// Issue 25: a start without a checked set kept checks the schema set in a worker thread (the server bundle's
// check-worker.mjs), beside the database's opening and the catalogue's build. The worker's set is the one this thread
// checks; a set with errors is refused with the same errors.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from './helpers';
import { SchemaSetError, UiDocuments } from '../../server/ui/documents';
// @ts-expect-error a JavaScript module of the tools (no types)
import { bundleServer } from '../../tools/server-bundle.mjs';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'check-worker-'));
// the bundle resolves its (external) packages from where it lies: a folder of its own under node_modules
const bundleDir = join(root, 'node_modules', '.cache', 'orbita-shop', `test-check-worker-${randomBytes(4).toString('hex')}`);
let worker = '';
beforeAll(async () => {
  await (bundleServer as (dir: string) => Promise<void>)(bundleDir);
  worker = pathToFileURL(join(bundleDir, 'check-worker.mjs')).href;
}, 120_000);
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

describe('the schema check in a worker thread', () => {
  it('gives the set this thread checks', async () => {
    const inThread = await UiDocuments.load(SCHEMAS_DIR, { cacheDir: join(tmp, 'cache-a') });
    const inWorker = await UiDocuments.load(SCHEMAS_DIR, { cacheDir: join(tmp, 'cache-b'), checkWorker: worker });
    expect(inWorker.documentCount).toBe(inThread.documentCount);
    expect(inWorker.manifest).toEqual(inThread.manifest);
    // every document the same; a form's compiled validator embeds the source text of the custom formats, which the
    // bundle writes as esbuild prints it: compared by presence (and proven to validate in the forms' own tests)
    for (const kind of ['screen', 'form', 'flow', 'modal', 'rule', 'fragment'] as const) {
      for (const d of inThread.documentsOf(kind)) {
        const w = inWorker.get(kind, d.id);
        expect({ ...w, validator: !!w?.validator }, `${kind} ${d.id}`).toEqual({ ...d, validator: !!d.validator });
      }
    }
    expect(inWorker.get('form', 'guest')?.validator?.body).toMatch(/function validate/);
    // kept for the next start: the next load reads the worker's set from the cache
    expect(readdirSync(join(tmp, 'cache-b'))).toHaveLength(1);
    const again = await UiDocuments.load(SCHEMAS_DIR, { cacheDir: join(tmp, 'cache-b'), checkWorker: 'file:///nowhere/check-worker.mjs' });
    expect(again.manifest).toEqual(inWorker.manifest);
  }, 120_000);

  it('refuses a set with errors with the errors the checker reports', async () => {
    const broken = join(tmp, 'schemas');
    cpSync(SCHEMAS_DIR, broken, { recursive: true });
    const file = join(broken, 'forms', 'login.json');
    const form = JSON.parse(readFileSync(file, 'utf8'));
    form.schema.type = 'nonsense';
    writeFileSync(file, JSON.stringify(form, null, 2));
    const inWorker = await UiDocuments.load(broken, { cacheDir: join(tmp, 'cache-c'), checkWorker: worker }).then(() => null, (e: unknown) => e);
    const inThread = await UiDocuments.load(broken, { cacheDir: join(tmp, 'cache-d') }).then(() => null, (e: unknown) => e);
    expect(inWorker).toBeInstanceOf(SchemaSetError);
    expect((inWorker as SchemaSetError).errors.length).toBeGreaterThan(0);
    expect((inWorker as SchemaSetError).errors).toEqual((inThread as SchemaSetError).errors);
    expect((inWorker as SchemaSetError).message).toContain('login');
  }, 120_000);
});
