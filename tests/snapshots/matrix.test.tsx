// The snapshot matrix for QA: every screen, modal and form document × every fixture store state
// (schemas/fixtures), one DOM snapshot each, named "<kind>/<id> @ <fixture>". Test cases are generated
// from the documents and fixtures found, so a new document or fixture is covered without writing a test.
// Screens are drawn without their layout; the layout itself (screen/main) is a snapshot of its own, so a
// change of the header shows once, not in every screen. Rewrite after a wanted change:
// npm run test:snapshots:update (docs/SCHEMAS.md "Snapshots for QA").
import { afterEach, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FIXTURES, FORMS, MODALS, SCREENS, enterScreen, makeHarness, renderForm, renderModal, renderScreen, sampleModalParams, sampleUrl, settle } from './harness';

afterEach(cleanup);

const fixtureIds = Object.keys(FIXTURES).sort();
const sorted = (o: Record<string, unknown>) => Object.keys(o).sort();

it('the matrix has documents and fixtures to cover', () => {
  expect(fixtureIds.length).toBeGreaterThanOrEqual(5);
  expect(sorted(SCREENS).length).toBeGreaterThan(0);
  expect(sorted(MODALS).length).toBeGreaterThan(0);
  expect(sorted(FORMS).length).toBeGreaterThan(0);
});

for (const id of sorted(SCREENS)) {
  for (const fx of fixtureIds) {
    it(`screen/${id} @ ${fx}`, async () => {
      const h = makeHarness(fx);
      enterScreen(h, id);
      const { container } = renderScreen(h, id, sampleUrl(SCREENS[id], FIXTURES[fx]), { withLayout: false });
      await settle(container);
      expect(container.childElementCount, 'the screen drew nothing').toBeGreaterThan(0);
      expect(container).toMatchSnapshot();
    });
  }
}

for (const id of sorted(MODALS)) {
  for (const fx of fixtureIds) {
    it(`modal/${id} @ ${fx}`, async () => {
      const h = makeHarness(fx);
      const { container } = renderModal(h, id, sampleModalParams(MODALS[id], FIXTURES[fx]));
      await settle(container);
      expect(container).toMatchSnapshot();
    });
  }
}

for (const id of sorted(FORMS)) {
  for (const fx of fixtureIds) {
    it(`form/${id} @ ${fx}`, async () => {
      const h = makeHarness(fx);
      const { container } = renderForm(h, id);
      await settle(container);
      expect(container.querySelector('form'), 'the form did not render').not.toBeNull();
      expect(container).toMatchSnapshot();
    });
  }
}
