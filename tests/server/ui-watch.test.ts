// @vitest-environment node
// The development watcher of schemas/ (server/ui/watch.ts): rename-saves are seen every time, and a batch with a
// broken file serves its good neighbours while the broken one keeps its last good version.
// Each step waits for the watcher's own 'reload' events (no sleeping): a watcher that misses an edit leaves the test
// waiting until its timeout, and it fails.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UiDocuments } from '../../server/ui/documents';
import type { EventEmitter } from 'node:events';
import type { ReloadResult } from '../../server/ui/watch';
import { validTree, writeTree, type Tree } from '../unit/tooling/fixture';
import type { CheckoutFlow } from '../../schemas/types/flow';
import type { Screen } from '../../schemas/types/screen';

/** The fixture's documents the kept-back edits change, as their generated types. */
type EditedTree = { 'screens/pdp.json': Screen; 'flows/guest.json': CheckoutFlow };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function start(tree: Tree = validTree(), folderName = 'schemas') {
  const written = await writeTree(tree);
  const { cleanup } = written;
  // SCHEMAS_DIR may name a folder of another name: the checker then names files after it
  const schemasDir = folderName === 'schemas' ? written.schemasDir : join(written.schemasDir, '..', folderName);
  if (schemasDir !== written.schemasDir) await rename(written.schemasDir, schemasDir);
  const ui = await UiDocuments.load(schemasDir);
  const logged: string[] = [];
  const watcher = ui.watch({ info: () => {}, error: (m) => logged.push(m) });
  cleanups.push(cleanup, () => ui.close());
  await watcher.ready;
  return { schemasDir, ui, watcher, logged };
}

/** Resolves with the first reload after which `done` holds (reloads of earlier events may come first). */
function reloadUntil(watcher: EventEmitter<{ reload: [ReloadResult] }>, done: (r: ReloadResult) => boolean): Promise<ReloadResult> {
  return new Promise((ok) => {
    const on = (r: ReloadResult) => {
      if (!done(r)) return;
      watcher.off('reload', on);
      ok(r);
    };
    watcher.on('reload', on);
  });
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** Saves like the studio, atomic editors and `sed -i`: a new file renamed over the old one. */
async function renameSave(file: string, text: string, tmpName: string) {
  const tmp = join(file, '..', tmpName);
  await writeFile(tmp, text);
  await rename(tmp, file);
}

describe('the development watcher of schemas/', () => {
  it('serves every edit of a file that is replaced by rename, the second one too', async () => {
    const { schemasDir, ui, watcher } = await start();
    const file = join(schemasDir, 'screens', 'pdp.json');
    const pdp = validTree()['screens/pdp.json'] as Record<string, unknown>;
    const served = () => ui.get('screen', 'pdp')!.version;
    expect(served()).toBe(2);

    let next = reloadUntil(watcher, () => served() === 3);
    await renameSave(file, pretty({ ...pdp, version: 3 }), '.pdp.json.1234.tmp'); // the studio's save
    await next;
    next = reloadUntil(watcher, () => served() === 4);
    await renameSave(file, pretty({ ...pdp, version: 4 }), 'sedX1y2Z3'); // sed -i
    await next;
    next = reloadUntil(watcher, () => served() === 5);
    await writeFile(file, pretty({ ...pdp, version: 5 })); // and a plain write after them
    await next;
    expect((ui.get('screen', 'pdp')!.json as { version: number }).version).toBe(5);
  });

  it('serves the good files of a batch; the broken one keeps its last good version and its error is logged with file:line', async () => {
    const { schemasDir, ui, watcher, logged } = await start();
    const tree = validTree() as Record<string, Record<string, unknown>>;
    const confirmBefore = ui.get('modal', 'confirm')!.body;
    const done = reloadUntil(watcher, (r) => r.status === 'partial' && ui.get('flow', 'guest')!.version === 2 && ui.get('screen', 'pdp')!.version === 3);
    await writeFile(join(schemasDir, 'screens', 'pdp.json'), pretty({ ...tree['screens/pdp.json'], version: 3 }));
    await writeFile(join(schemasDir, 'modals', 'confirm.json'), '{\n  "id": "confirm",\n  "version": 2,\n  "title": oops\n}\n');
    await renameSave(join(schemasDir, 'flows', 'guest.json'), pretty({ ...tree['flows/guest.json'], version: 2 }), '.guest.json.tmp');
    const r = await done;

    expect(r.kept).toEqual(['schemas/modals/confirm.json']);
    expect(r.errors.map((e) => `${e.file}:${e.line}`)).toEqual(['schemas/modals/confirm.json:4']);
    expect(ui.get('modal', 'confirm')!.body).toBe(confirmBefore);
    expect(logged.at(-1)).toMatch(/except schemas\/modals\/confirm\.json/);
    expect(logged.at(-1)).toMatch(/schemas\/modals\/confirm\.json:4:\d+ .*not valid JSON/);

    // once fixed, the file is served too
    const fixed = reloadUntil(watcher, (r2) => r2.status === 'reloaded' && ui.get('modal', 'confirm')!.version === 2);
    await writeFile(join(schemasDir, 'modals', 'confirm.json'), pretty({ ...tree['modals/confirm.json'], version: 2 }));
    await fixed;
  });

  it('does the same in a folder that is not called schemas (SCHEMAS_DIR), where errors are named after it', async () => {
    const { schemasDir, ui, watcher } = await start(validTree(), 'ui-docs');
    const tree = validTree() as EditedTree;
    const done = reloadUntil(watcher, (r) => r.status === 'partial' && ui.get('flow', 'guest')!.version === 2);
    await writeFile(join(schemasDir, 'screens', 'novo.json'), pretty({ $schema: '../meta/screen.schema.json', id: 'novo', version: 1, route: '/novo', body: [{ component: 'Buton' }] }));
    const pdp = structuredClone(tree['screens/pdp.json']);
    pdp.load![0].args!.to = '/novo';
    await writeFile(join(schemasDir, 'screens', 'pdp.json'), pretty(pdp));
    await writeFile(join(schemasDir, 'flows', 'guest.json'), pretty({ ...tree['flows/guest.json'], version: 2 }));
    expect((await done).kept).toEqual(['ui-docs/screens/novo.json', 'ui-docs/screens/pdp.json']);
  });

  it('also keeps back a good-looking edit that only works with the broken file, and serves the rest', async () => {
    const { schemasDir, ui, watcher, logged } = await start();
    const tree = validTree() as EditedTree;
    const done = reloadUntil(watcher, (r) => r.status === 'partial' && ui.get('flow', 'guest')!.version === 2);
    // a new screen with an unknown component (valid JSON) serves /novo; pdp now links there; the flow is an unrelated edit
    await writeFile(join(schemasDir, 'screens', 'novo.json'), pretty({ $schema: '../meta/screen.schema.json', id: 'novo', version: 1, route: '/novo', body: [{ component: 'Buton' }] }));
    const pdp = structuredClone(tree['screens/pdp.json']);
    pdp.version = 3;
    pdp.load![0].args!.to = '/novo';
    await writeFile(join(schemasDir, 'screens', 'pdp.json'), pretty(pdp));
    await writeFile(join(schemasDir, 'flows', 'guest.json'), pretty({ ...tree['flows/guest.json'], version: 2 }));
    const r = await done;

    expect(r.kept).toEqual(['schemas/screens/novo.json', 'schemas/screens/pdp.json']);
    expect(ui.get('screen', 'novo')).toBeUndefined();
    expect(ui.get('screen', 'pdp')!.version).toBe(2);
    expect(r.errors.map((e) => e.file)).toEqual(['schemas/screens/novo.json', 'schemas/screens/pdp.json']);
    expect(r.errors[0].message).toMatch(/unknown component "Buton"/);
    expect(r.errors[1].message).toMatch(/link "\/novo" leads to no screen/);
    expect(logged.at(-1)).toMatch(/schemas\/screens\/novo\.json:\d+:\d+/);
  });

  it('keeps the whole last good set when no set passes (an untouched file breaks without a deleted one)', async () => {
    const { schemasDir, ui, watcher, logged } = await start();
    const done = reloadUntil(watcher, (r) => r.status === 'unchanged');
    const { rm } = await import('node:fs/promises');
    await rm(join(schemasDir, 'forms', 'guest.json')); // pdp's Form names it; pdp itself is unchanged
    const r = await done;
    expect(r.errors.some((e) => e.file === 'schemas/screens/pdp.json' && /unknown form "guest"/.test(e.message))).toBe(true);
    expect(ui.get('form', 'guest')).toBeDefined();
    expect(logged.at(-1)).toMatch(/keeping the last good set/);
  });
});
