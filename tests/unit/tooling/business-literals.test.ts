// @vitest-environment node
// No business literal in code (issue 28): the addresses of the shop's pages, the ids of its modals and the checkout
// types are decisions of the documents under schemas/ (schemas/rules/routes.json names the destinations and modals
// the actions use; the rule documents decide per checkout type). This test reads every string literal of actions/,
// components/ and server/*/service.ts (TypeScript's parser: comments and regular expressions are not literals) and
// fails on one that is
//  - a route: an address a screen serves (its route or alias matches it), or the beginning of one ("/kupovina/");
//  - a modal: the id of a document of schemas/modals/;
//  - a checkout type: a cart order type of schemas/meta/rule.schema.json.
// The allowance list below may only shrink: a literal found more often than allowed fails (move the decision into a
// document), and one found less often than allowed fails too (lower its count or drop it), so the list stays honest.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routeMatcher } from '../../../tools/schemas/routes';

const ROOT = join(__dirname, '../../..');

/** file (from the repository root) → literal → how often it may still appear, and why it is still there. */
const ALLOWED: Array<{ file: string; kind: Kind; literal: string; count: number; why: string }> = [
  { file: 'server/home/service.ts', kind: 'route', literal: '/Privatni/Kucni-paketi/paket/', count: 1, why: 'packageUrl: the address a home package\'s answer carries (the catalogue functions do not have the documents yet)' },
  { file: 'components/catalog/ProductCard.tsx', kind: 'route', literal: '/uredjaj/', count: 1, why: 'a product without the url the catalogue answers links to its device page' },
  { file: 'components/common/Breadcrumbs.tsx', kind: 'route', literal: '/Pregled-b2c', count: 1, why: 'the server\'s trail may start at the home page\'s alias' },
];

type Kind = 'route' | 'modal' | 'checkoutType';

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) out.push(p);
  }
  return out;
}

function scannedFiles(): string[] {
  const services = readdirSync(join(ROOT, 'server')).map((d) => join(ROOT, 'server', d, 'service.ts')).filter((f) => { try { return statSync(f).isFile(); } catch { return false; } });
  return [...walk(join(ROOT, 'actions')), ...walk(join(ROOT, 'components')), ...services];
}

/** The string literals of a source (the static parts of template literals), each with whether it is `navigate('/')`'s. */
function literalsOf(fileName: string, text: string): Array<{ text: string; navigateArg: boolean }> {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Array<{ text: string; navigateArg: boolean }> = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      const call = n.parent && ts.isCallExpression(n.parent) ? n.parent : undefined;
      const callee = call ? call.expression.getText(sf) : '';
      out.push({ text: n.text, navigateArg: /(^|\.)navigate$/.test(callee) });
    } else if (ts.isTemplateExpression(n)) {
      out.push({ text: n.head.text, navigateArg: false });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

interface Vocabulary { routes: string[]; modals: Set<string>; checkoutTypes: Set<string> }

function vocabulary(): Vocabulary {
  const routes: string[] = [];
  for (const f of readdirSync(join(ROOT, 'schemas/screens')).filter((n) => n.endsWith('.json'))) {
    const s = JSON.parse(readFileSync(join(ROOT, 'schemas/screens', f), 'utf8')) as { route?: string; aliases?: string[] };
    for (const r of [s.route, ...(s.aliases ?? [])]) if (typeof r === 'string' && r !== '*') routes.push(r);
  }
  const modals = new Set(readdirSync(join(ROOT, 'schemas/modals')).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
  const common = JSON.parse(readFileSync(join(ROOT, 'schemas/api/common.json'), 'utf8')) as { $defs: { CheckoutType: { enum: string[] } } };
  return { routes, modals, checkoutTypes: new Set(common.$defs.CheckoutType.enum) };
}

/** What kind of business literal a string is, if any. */
function kindOf(lit: { text: string; navigateArg: boolean }, v: Vocabulary): Kind | null {
  const t = lit.text;
  if (v.checkoutTypes.has(t)) return 'checkoutType';
  if (v.modals.has(t)) return 'modal';
  if (t === '/') return lit.navigateArg ? 'route' : null;
  if (!t.startsWith('/') || /\s/.test(t)) return null;
  const path = t.split('?')[0];
  if (v.routes.some((r) => routeMatcher(r).test(path))) return 'route';
  // the beginning of an address ("/kupovina/", "/uredjaj"): a screen's route goes on from it at a segment's end
  const low = path.toLowerCase();
  return v.routes.some((r) => {
    const rl = r.toLowerCase();
    return rl.startsWith(low) && (low.endsWith('/') || rl[low.length] === '/');
  }) ? 'route' : null;
}

function found(): Map<string, { file: string; kind: Kind; literal: string; count: number }> {
  const v = vocabulary();
  const map = new Map<string, { file: string; kind: Kind; literal: string; count: number }>();
  for (const abs of scannedFiles()) {
    const file = relative(ROOT, abs).split('\\').join('/');
    for (const lit of literalsOf(abs, readFileSync(abs, 'utf8'))) {
      const kind = kindOf(lit, v);
      if (!kind) continue;
      const key = `${file}|${kind}|${lit.text}`;
      const e = map.get(key) ?? { file, kind, literal: lit.text, count: 0 };
      e.count++;
      map.set(key, e);
    }
  }
  return map;
}

describe('business literals (issue 28)', () => {
  it('the scanner finds routes, modal ids and checkout types, and not comments, regular expressions or JSON pointers', () => {
    const v = vocabulary();
    const src = [
      "// ctx.navigate('/kupovina/uspesna-porudzbina') in a comment",
      "const re = /'\\/Prijava-b2c'/;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source holds a template literal
      "ctx.navigate(`/kupovina/uspesna-porudzbina?orderCode=${code}`);",
      "ctx.navigate('/');",
      "const parts = path.split('/');",
      "ui.openModal('remove-item', {});",
      "if (type === 'MOBILE_PREPAID_GUEST') {}",
      "const p = '/uredjaj';",
      "dispatch({ data: { $bind: '/event/data' } });",
    ].join('\n');
    const kinds = literalsOf('x.ts', src).map((l) => [l.text, kindOf(l, v)]).filter(([, k]) => k);
    expect(kinds).toEqual([
      ['/kupovina/uspesna-porudzbina?orderCode=', 'route'],
      ['/', 'route'],
      ['remove-item', 'modal'],
      ['MOBILE_PREPAID_GUEST', 'checkoutType'],
      ['/uredjaj', 'route'],
    ]);
  });

  it('actions/, components/ and server/*/service.ts hold no business literal beyond the allowance list, which only shrinks', () => {
    const map = found();
    const problems: string[] = [];
    for (const e of map.values()) {
      const allowed = ALLOWED.find((a) => a.file === e.file && a.kind === e.kind && a.literal === e.literal);
      if (!allowed) problems.push(`${e.file}: ${e.kind} ${JSON.stringify(e.literal)} ×${e.count} — name it in a document (schemas/rules/routes.json, a rule document) instead`);
      else if (e.count > allowed.count) problems.push(`${e.file}: ${e.kind} ${JSON.stringify(e.literal)} ×${e.count}, only ×${allowed.count} allowed — name it in a document instead`);
    }
    for (const a of ALLOWED) {
      const e = map.get(`${a.file}|${a.kind}|${a.literal}`);
      if (!e) problems.push(`allowance list: ${a.file} ${a.kind} ${JSON.stringify(a.literal)} is no longer found — remove it from the list`);
      else if (e.count < a.count) problems.push(`allowance list: ${a.file} ${a.kind} ${JSON.stringify(a.literal)} is found ×${e.count}: lower its count from ${a.count}`);
    }
    expect(problems).toEqual([]);
  });
});
