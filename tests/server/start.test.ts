// @vitest-environment node
// Start-up shortcuts: the schema set checked once per content hash (cached), the front end built only when stale.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from './helpers';
import { UiDocuments, writeBuiltSet } from '../../server/ui/documents';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'rel-start-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the schema set cache', () => {
  it('checks a set once per content hash and checks it again after an edit', async () => {
    const schemas = join(tmp, 'schemas');
    const cache = join(tmp, 'cache');
    cpSync(SCHEMAS_DIR, schemas, { recursive: true });
    const first = await UiDocuments.load(schemas, { cacheDir: cache });
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^documents-\w{32}\.json$/);
    const cached = JSON.parse(readFileSync(join(cache, files[0]), 'utf8'));
    // The second start reads the cache (a marker put into it is served) and does not check the set again.
    cached.manifest.etag = '"cached-marker"';
    writeFileSync(join(cache, files[0]), JSON.stringify(cached));
    const second = await UiDocuments.load(schemas, { cacheDir: cache });
    expect(second.manifest.etag).toBe('"cached-marker"');
    expect(second.documentCount).toBe(first.documentCount);
    expect(second.get('form', 'guest')?.validator?.body).toBe(first.get('form', 'guest')?.validator?.body);
    expect(second.message('en', 'user.login.locked', { minutes: 15 })).toBe(first.message('en', 'user.login.locked', { minutes: 15 }));
    // An edit changes the hash: the set is checked again, the stale entry replaced.
    const en = JSON.parse(readFileSync(join(schemas, 'messages', 'en.json'), 'utf8'));
    en['user.login.locked'] = 'Locked for {minutes} min.';
    writeFileSync(join(schemas, 'messages', 'en.json'), JSON.stringify(en, null, 2));
    const third = await UiDocuments.load(schemas, { cacheDir: cache });
    expect(third.manifest.etag).not.toBe('"cached-marker"');
    expect(third.message('en', 'user.login.locked', { minutes: 15 })).toBe('Locked for 15 min.');
    expect(readdirSync(cache)).toHaveLength(1);
    expect(readdirSync(cache)[0]).not.toBe(files[0]);
  }, 60_000);
});

describe('the schema set a build wrote', () => {
  it('is read by the first start when it was made of these files, and ignored when they changed', async () => {
    const schemas = join(tmp, 'schemas-built');
    cpSync(SCHEMAS_DIR, schemas, { recursive: true });
    const builtFile = join(tmp, 'dist-built', '.schema-set.json');
    mkdirSync(join(tmp, 'dist-built'), { recursive: true });
    await writeBuiltSet(schemas, builtFile);
    const built = JSON.parse(readFileSync(builtFile, 'utf8'));
    expect(built.hash).toMatch(/^\w{32}$/);
    // a marker put into the build's set is served: the start read it instead of checking (an empty cache folder)
    built.manifest.etag = '"built-marker"';
    writeFileSync(builtFile, JSON.stringify(built));
    const first = await UiDocuments.load(schemas, { cacheDir: join(tmp, 'cache-built'), builtFile });
    expect(first.manifest.etag).toBe('"built-marker"');
    expect(first.get('form', 'guest')?.validator?.body).toMatch(/function validate/);
    // the files changed after the build: its set is not theirs, so the set is checked
    const en = JSON.parse(readFileSync(join(schemas, 'messages', 'en.json'), 'utf8'));
    en['user.login.locked'] = 'Locked for {minutes} min.';
    writeFileSync(join(schemas, 'messages', 'en.json'), JSON.stringify(en, null, 2));
    const second = await UiDocuments.load(schemas, { cacheDir: join(tmp, 'cache-built'), builtFile });
    expect(second.manifest.etag).not.toBe('"built-marker"');
    expect(second.message('en', 'user.login.locked', { minutes: 15 })).toBe('Locked for 15 min.');
  }, 60_000);
});

describe('npm start builds only a missing or stale front end', () => {
  it('tells a fresh build from a missing or stale one by the stamp of the inputs', () => {
    const dist = join(tmp, 'dist');
    const check = () => spawnSync(process.execPath, [join(root, 'tools/start.mjs'), '--check'], { env: { ...process.env, DIST_DIR: dist } }).status;
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dist, { recursive: true });
    expect(check()).toBe(1); // no build
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    expect(check()).toBe(1); // a build without a stamp (older than this script): rebuilt once
    expect(spawnSync(process.execPath, [join(root, 'tools/start.mjs'), '--stamp'], { env: { ...process.env, DIST_DIR: dist } }).status).toBe(0);
    expect(check()).toBe(0);
    writeFileSync(join(dist, '.build-stamp'), 'a stamp of other sources\n');
    expect(check()).toBe(1); // stale
  });
});
