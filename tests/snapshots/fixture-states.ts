// The fixture-state matrix (tests/snapshots/fixture-states.json, its schema beside it): which fixture states of
// schemas/fixtures each screen, modal and form is drawn in by the DOM snapshots (matrix.test.tsx) and the modals' axe
// scan (tests/visual/a11y-modals.test.tsx), and what tests/COVERAGE.md is generated from (coverage.ts).
// matrix.test.tsx validates the file and proves each listed state changes its document's DOM.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type DocumentKind = 'screen' | 'modal' | 'form';

export interface DocumentStates {
  /** the states the document is drawn in; the first is its default */
  states: string[];
  /** states listed although they draw the same DOM as an earlier one: state → why */
  kept?: Record<string, string>;
}

export interface FixtureStateMatrix {
  description?: string;
  fixtures: string[];
  documents: Record<string, DocumentStates>;
}

// Vitest gives __dirname (jsdom's import.meta.url is not a file address); tsx (npm run coverage:table) the module's URL
const HERE = typeof __dirname === 'string' ? __dirname : fileURLToPath(new URL('.', import.meta.url));
export const MATRIX_FILE = join(HERE, 'fixture-states.json');
export const MATRIX_SCHEMA_FILE = join(HERE, 'fixture-states.schema.json');

export const MATRIX: FixtureStateMatrix = JSON.parse(readFileSync(MATRIX_FILE, 'utf8'));

/** The states `<kind>/<id>` is drawn in (its default first); a document missing from the matrix fails its test. */
export function statesOf(kind: DocumentKind, id: string): string[] {
  const entry = MATRIX.documents[`${kind}/${id}`];
  if (!entry) throw new Error(`${kind}/${id} is not in tests/snapshots/fixture-states.json: add it with the states that change it`);
  return entry.states;
}
