/**
 * Cross-reference checks between documents and against the vocabulary. Each family of references has its module:
 * messages (crossref-messages.ts), nodes and action calls (crossref-nodes.ts), screens and modals
 * (crossref-screens.ts), flows (crossref-flows.ts), rules (crossref-rules.ts) and forms (crossref-forms.ts); they
 * share crossref-context.ts. The passes run in this order, which is the order of same-place errors in the report.
 */
import type { createAjv } from './ajv.js';
import type { LoadedDocument } from './load.js';
import type { Vocabulary } from './types.js';
import { isObj, type RefContext, type Report } from './crossref-context.js';
import { checkMessageLanguages } from './crossref-messages.js';
import { nodeChecks } from './crossref-nodes.js';
import { checkModals, checkScreens } from './crossref-screens.js';
import { checkFlows } from './crossref-flows.js';
import { checkRuleDocs } from './crossref-rules.js';
import { checkForms } from './crossref-forms.js';

export type { Report } from './crossref-context.js';
export { isBinding, isMessageRef } from './crossref-context.js';

type Ajv = ReturnType<typeof createAjv>;

/**
 * @param unparsable documents whose file exists but is not valid JSON: references to them are not
 *                   reported again (the syntax error is)
 */
export function checkReferences(
  docs: LoadedDocument[],
  vocab: Vocabulary | undefined,
  report: Report,
  ajv: Ajv,
  unparsable: ReadonlyArray<{ kind: LoadedDocument['kind']; id: string }> = [],
): void {
  const byKind = (k: LoadedDocument['kind']) => docs.filter((d) => d.kind === k && isObj(d.json));
  const screens = byKind('screen');
  const ctx: RefContext = {
    vocab,
    report,
    byKind,
    screens,
    screenIds: new Map(screens.map((d) => [d.id, d])),
    formIds: new Set(byKind('form').map((d) => d.id)),
    modalIds: new Set(byKind('modal').map((d) => d.id)),
    broken: (kind, id) => unparsable.some((u) => u.kind === kind && u.id === id),
    // both languages, same keys, same placeholders (checked here, first)
    messages: checkMessageLanguages(byKind('messages'), report),
  };
  const nodes = nodeChecks(ctx, ajv);
  checkScreens(ctx, nodes);
  checkModals(ctx, nodes);
  const checkoutTypes = checkFlows(ctx);
  checkRuleDocs(ctx, checkoutTypes);
  checkForms(ctx);
}
