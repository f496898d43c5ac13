// The pages the server sends a shopper to by name (schemas/rules/routes.json "destinations", as the actions do:
// actions/destinations.ts): the live set's document, whose names the shop's code uses the meta-schema requires, so a
// set without one never passes the checker (at the start, at publish).
import { fillRoute, withQuery, type Destination } from '../../tools/schemas/routes';
import type { RuleDocument } from '../../schemas/types/rule';
import type { UiDocuments } from './documents';

/** A destination's address with its :parameters filled in and its query (values encoded; empty ones left out). */
export function destinationPath(ui: UiDocuments, name: Destination, opts: { params?: Record<string, string>; query?: Record<string, string> } = {}): string {
  const route = (ui.get('rule', 'routes')?.json as RuleDocument | undefined)?.destinations?.[name]?.path;
  if (!route) throw new Error(`schemas/rules/routes.json: no destination "${name}"`);
  return withQuery(fillRoute(route, opts.params), opts.query);
}
