// The snapshot matrix for QA: every screen, modal and form document × every fixture store state
// (schemas/fixtures). One file per document, tests/snapshots/__snapshots__/matrix/<kind>/<id>.html, holds its DOM in
// every state, so a schema change shows as a small diff of that document's file. States that draw the same DOM are
// written once under one heading naming all of them (`<!-- @ empty-cart, guest-checkout -->`): the file says which
// states change the document and which do not. Test cases are generated from the documents and fixtures found, so a
// new document or fixture is covered without writing a test; the file of a deleted document is reported (and removed
// by the update). Screens are drawn without their layout; the layout itself (screen/main) is a document of its own, so
// a change of the header shows once, not in every screen. Rewrite after a wanted change:
// npm run test:snapshots:update (docs/SCHEMAS.md "Snapshots for QA").
import { afterEach, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { prettyDOM } from '@testing-library/dom';
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FIXTURES, FORMS, MODALS, SCREENS, enterScreen, makeHarness, renderForm, renderModal, renderScreen, sampleModalParams, sampleUrl, settle } from './harness';

afterEach(cleanup);

const fixtureIds = Object.keys(FIXTURES).sort();
const sorted = (o: Record<string, unknown>) => Object.keys(o).sort();
const DIR = join(__dirname, '__snapshots__', 'matrix');
const fileOf = (kind: string, id: string) => join(DIR, kind, `${id}.html`);

/** The DOM as the snapshot records it; React's useId values renumbered by first appearance (as serializer.ts does). */
function domOf(container: HTMLElement): string {
  const ids = new Map<string, string>();
  const dom = prettyDOM(container, Number.POSITIVE_INFINITY, { highlight: false }) as string;
  return dom.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
    return ids.get(id)!;
  });
}

/** One document's file: each distinct DOM once, under the states that draw it (in fixture order). */
async function documentFile(draw: (fixture: string) => Promise<string>): Promise<string> {
  const groups: Array<{ states: string[]; dom: string }> = [];
  for (const fx of fixtureIds) {
    const dom = await draw(fx);
    const same = groups.find((g) => g.dom === dom);
    if (same) same.states.push(fx);
    else groups.push({ states: [fx], dom });
  }
  return groups.map((g) => `<!-- @ ${g.states.join(', ')} -->\n${g.dom}\n`).join('\n');
}

it('the matrix has documents and fixtures to cover', () => {
  expect(fixtureIds.length).toBeGreaterThanOrEqual(5);
  expect(sorted(SCREENS).length).toBeGreaterThan(0);
  expect(sorted(MODALS).length).toBeGreaterThan(0);
  expect(sorted(FORMS).length).toBeGreaterThan(0);
});

it('has no snapshot file of a document that no longer exists (the update removes them)', () => {
  const expected = new Set([
    ...sorted(SCREENS).map((id) => fileOf('screen', id)),
    ...sorted(MODALS).map((id) => fileOf('modal', id)),
    ...sorted(FORMS).map((id) => fileOf('form', id)),
  ]);
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) (e.isDirectory() ? walk : (f: string) => found.push(f))(join(dir, e.name));
  };
  walk(DIR);
  const stale = found.filter((f) => !expected.has(f));
  if (stale.length && expect.getState().snapshotState.snapshotUpdateState === 'all') {
    for (const f of stale) rmSync(f);
    return;
  }
  expect(stale.map((f) => relative(join(__dirname, '..', '..'), f)), 'snapshot files of deleted documents: run npm run test:snapshots:update').toEqual([]);
});

for (const id of sorted(SCREENS)) {
  it(`screen/${id}`, async () => {
    await expect(await documentFile(async (fx) => {
      const h = makeHarness(fx);
      enterScreen(h, id);
      const { container, unmount } = renderScreen(h, id, sampleUrl(SCREENS[id], FIXTURES[fx]), { withLayout: false });
      await settle(container);
      expect(container.childElementCount, `the screen drew nothing @ ${fx}`).toBeGreaterThan(0);
      const dom = domOf(container);
      unmount();
      return dom;
    })).toMatchFileSnapshot(fileOf('screen', id));
  });
}

for (const id of sorted(MODALS)) {
  it(`modal/${id}`, async () => {
    await expect(await documentFile(async (fx) => {
      const h = makeHarness(fx);
      const { container, unmount } = renderModal(h, id, sampleModalParams(MODALS[id], FIXTURES[fx]));
      await settle(container);
      const dom = domOf(container);
      unmount();
      return dom;
    })).toMatchFileSnapshot(fileOf('modal', id));
  });
}

for (const id of sorted(FORMS)) {
  it(`form/${id}`, async () => {
    await expect(await documentFile(async (fx) => {
      const h = makeHarness(fx);
      const { container, unmount } = renderForm(h, id);
      await settle(container);
      expect(container.querySelector('form'), `the form did not render @ ${fx}`).not.toBeNull();
      const dom = domOf(container);
      unmount();
      return dom;
    })).toMatchFileSnapshot(fileOf('form', id));
  });
}
