// The snapshot matrix for QA: every screen, modal and form document × the fixture store states (schemas/fixtures)
// that change it, as tests/snapshots/fixture-states.json lists them per document (its first state is the document's
// default). One file per document, tests/snapshots/__snapshots__/matrix/<kind>/<id>.html, holds its DOM in each listed
// state, so a schema change shows as a small diff of that document's file. Each listed state must draw a DOM of its
// own — a state that draws the same DOM as an earlier one fails, unless the matrix keeps it with a reason (`kept`);
// states kept that way are written once under one heading naming all of them (`<!-- @ empty-cart, guest-checkout -->`).
// A state the matrix leaves out of a document draws the same DOM as a listed one: MATRIX_AUDIT=1 draws every state
// and fails on a left-out one that differs (run it after changing a fixture). Test cases are generated from the
// documents and fixtures found, and the matrix must name every one of them, so a new document or fixture fails until
// it is placed; the file of a deleted document is reported (and removed by the update). Screens are drawn without
// their layout; the layout itself (screen/main) is a document of its own, so a change of the header shows once, not
// in every screen. Rewrite after a wanted change: npm run test:snapshots:update (docs/SCHEMAS.md "Snapshots for QA");
// the coverage table QA reads (tests/COVERAGE.md) is generated from the same matrix: npm run coverage:table.
import { afterEach, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { prettyDOM } from '@testing-library/dom';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { join, relative } from 'node:path';
import { FIXTURES, FORMS, MODALS, SCREENS, enterScreen, makeHarness, renderForm, renderModal, renderScreen, sampleModalParams, sampleUrl, settle } from './harness';
import { MATRIX, MATRIX_SCHEMA_FILE, statesOf, type DocumentKind } from './fixture-states';

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

const AUDIT = process.env.MATRIX_AUDIT === '1';

/**
 * One document's file: the DOM of each state the matrix lists for it (the default first), each distinct DOM once
 * under the states that draw it. A listed state that draws the same DOM as an earlier one fails unless it is kept;
 * in an audit, every other fixture is drawn too and one that draws a DOM of its own fails (the matrix misses it).
 */
async function documentFile(kind: DocumentKind, id: string, draw: (fixture: string) => Promise<string>): Promise<string> {
  const listed = statesOf(kind, id);
  const kept = MATRIX.documents[`${kind}/${id}`]?.kept ?? {};
  const groups: Array<{ states: string[]; dom: string }> = [];
  const same: string[] = [];
  for (const fx of listed) {
    const dom = await draw(fx);
    const earlier = groups.find((g) => g.dom === dom);
    if (earlier) {
      earlier.states.push(fx);
      if (!kept[fx]) same.push(`${fx} draws the same DOM as ${earlier.states[0]}`);
    } else groups.push({ states: [fx], dom });
  }
  expect(same, `${kind}/${id}: a listed state that changes nothing — remove it from the document's states in tests/snapshots/fixture-states.json, or name it under "kept" with the reason`).toEqual([]);
  if (AUDIT) {
    const missed: string[] = [];
    for (const fx of fixtureIds.filter((f) => !listed.includes(f))) {
      const dom = await draw(fx);
      if (!groups.some((g) => g.dom === dom)) missed.push(fx);
    }
    expect(missed, `${kind}/${id}: states that change the document but are not in its states in tests/snapshots/fixture-states.json`).toEqual([]);
  }
  return groups.map((g) => `<!-- @ ${g.states.join(', ')} -->\n${g.dom}\n`).join('\n');
}

it('the fixture-state matrix is valid and names every document and fixture', () => {
  const ajv = new Ajv2020({ allErrors: true });
  const validate = ajv.compile(JSON.parse(readFileSync(MATRIX_SCHEMA_FILE, 'utf8')));
  expect(validate(MATRIX) ? [] : validate.errors, 'tests/snapshots/fixture-states.json against its schema').toEqual([]);
  expect([...MATRIX.fixtures].sort(), 'its "fixtures" are the files of schemas/fixtures (a new one: add it, then MATRIX_AUDIT=1 names the documents it changes)').toEqual(fixtureIds);
  const documents = [
    ...sorted(SCREENS).map((id) => `screen/${id}`),
    ...sorted(MODALS).map((id) => `modal/${id}`),
    ...sorted(FORMS).map((id) => `form/${id}`),
  ].sort();
  expect(Object.keys(MATRIX.documents).sort(), 'its "documents" are the screens, modals and forms of schemas/').toEqual(documents);
  const wrong: string[] = [];
  for (const [doc, { states, kept = {} }] of Object.entries(MATRIX.documents)) {
    for (const st of states) if (!fixtureIds.includes(st)) wrong.push(`${doc}: no fixture ${st}`);
    for (const st of Object.keys(kept)) if (!states.slice(1).includes(st)) wrong.push(`${doc}: kept ${st} is not one of its states after the default`);
  }
  expect(wrong).toEqual([]);
});

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
    await expect(await documentFile('screen', id, async (fx) => {
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
    await expect(await documentFile('modal', id, async (fx) => {
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
    await expect(await documentFile('form', id, async (fx) => {
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
