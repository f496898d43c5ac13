/**
 * Which fixture states matter for the open document: the fixture-state matrix of the DOM snapshots
 * (tests/snapshots/fixture-states.json, served by GET /studio/api/fixture-states) lists, per screen, modal and form, the
 * states that draw it differently (its default first); every other state draws it like one of those. The state select
 * lists the states that matter first and the others in a group of their own; every state stays selectable.
 */

export interface FixtureStates { fixtures: string[]; documents: Record<string, { states: string[] }> }

/** The studio's folders → the matrix's kinds ("screens" → "screen/<id>"). */
const MATRIX_KIND: Record<string, string> = { screens: 'screen', modals: 'modal', forms: 'form' };

/**
 * The states that change what the preview draws for a document, its default first, or null when the matrix does not
 * know the document (another kind, a new document). A screen is previewed inside its layout, so the layout's states
 * follow the screen's own; a layout (a screen without a route) is previewed around the home page, whose states follow.
 */
export function statesThatMatter(matrix: FixtureStates | null, kind: string, id: string, draft: unknown): string[] | null {
  const prefix = MATRIX_KIND[kind];
  const own = prefix ? matrix?.documents[`${prefix}/${id}`]?.states : undefined;
  if (!matrix || !own || own.length === 0) return null;
  const out = [...own];
  if (kind === 'screens' && draft && typeof draft === 'object') {
    const screen = draft as { route?: unknown; layout?: unknown };
    const around = typeof screen.route !== 'string' ? 'home' : typeof screen.layout === 'string' ? screen.layout : 'main';
    for (const s of around === 'none' || around === id ? [] : matrix.documents[`screen/${around}`]?.states ?? []) if (!out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * The fixtures in the select's order: those in `states` (in its order: the default first), then the others (in their
 * own order). Without states (null, or none of them a fixture) every fixture is in `changing` and `same` is empty:
 * one plain list.
 */
export function orderFixtures<F extends { id: string }>(fixtures: readonly F[], states: readonly string[] | null): { changing: F[]; same: F[] } {
  if (!states) return { changing: [...fixtures], same: [] };
  const changing = states.flatMap((s) => fixtures.filter((f) => f.id === s));
  if (changing.length === 0) return { changing: [...fixtures], same: [] };
  return { changing, same: fixtures.filter((f) => !states.includes(f.id)) };
}
