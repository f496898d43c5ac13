// axe-core in the page (node_modules/axe-core, injected by Playwright): the WCAG 2.0/2.1 A and AA rules and the
// heading rules; shared by a11y.e2e.ts and the end-to-end files that scan their own screens (delivery.e2e.ts); the
// page's frames are scanned with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './lib';

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** best-practice rules the issue asks for as well (any impact fails) */
const HEADING_RULES = ['heading-order', 'page-has-heading-one'];

interface Violation { id: string; impact: string | null; nodes: string[] }

/** Runs axe in the page; returns the violations that fail the suite, described for the message. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // in every frame too (the studio's preview): axe scans a frame only where it runs itself, and waits for it otherwise
  for (const frame of page.frames()) if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async ([tags, extra]) => {
    const axe = (window as unknown as { axe: { getRules(t: string[]): { ruleId: string }[]; run(c: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const rules = [...axe.getRules(tags).map((r) => r.ruleId), ...extra];
    const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`) }));
  }, [WCAG_TAGS, HEADING_RULES] as const);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical' || HEADING_RULES.includes(v.id));
}

export function describeViolations(vs: Violation[]): string {
  return vs.map((v) => `  ${v.impact} ${v.id}\n${v.nodes.map((n) => `      ${n}`).join('\n')}`).join('\n');
}

