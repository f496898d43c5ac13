// Proof that the snapshot suite sees schema changes: a copy of schemas/ gets one text key of the home
// screen changed (as an analyst would edit it); the checker accepts the copy, and the DOM the snapshot
// records differs from today's in exactly that text, shown as a "- before / + after" diff.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { prettyDOM } from '@testing-library/dom';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAndCheck } from '../../tools/schemas';
import { FIXTURES, SCREENS, makeHarness, renderScreen, sampleUrl, settle, type ScreenDoc } from './harness';

afterEach(cleanup);

const SCHEMAS = join(__dirname, '..', '..', 'schemas');

/** The first { "message": key } of a document, as [holder, key]. */
function firstMessage(node: unknown): { message: string } | null {
  if (Array.isArray(node)) {
    for (const n of node) { const m = firstMessage(n); if (m) return m; }
  } else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.message === 'string' && Object.keys(o).length === 1) return o as { message: string };
    for (const v of Object.values(o)) { const m = firstMessage(v); if (m) return m; }
  }
  return null;
}

async function domOf(doc: ScreenDoc): Promise<string> {
  const h = makeHarness('empty-cart');
  const { container, unmount } = renderScreen(h, doc.id, sampleUrl(doc, FIXTURES['empty-cart']), { withLayout: false, doc });
  await settle(container);
  const dom = prettyDOM(container, Number.POSITIVE_INFINITY, { highlight: false }) as string;
  unmount();
  // React's useId values depend on what rendered before; renumber them as the snapshot serializer does
  const ids = new Map<string, string>();
  return dom.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
    return ids.get(id)!;
  });
}

/** A line diff of two renderings with the same structure, in the snapshot reporter's notation. */
function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  const out: string[] = [];
  a.forEach((line, i) => { if (line !== b[i]) out.push(`- ${line.trim()}`, `+ ${b[i].trim()}`); });
  return out;
}

describe('a schema change alters the snapshot', () => {
  it('changing one text key of the home screen changes exactly that text in its DOM snapshot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-change-'));
    try {
      await cp(SCHEMAS, join(dir, 'schemas'), { recursive: true });
      const file = join(dir, 'schemas', 'screens', 'home.json');
      const edited = JSON.parse(await readFile(file, 'utf8')) as ScreenDoc;
      const holder = firstMessage(edited.body);
      expect(holder, 'the home screen has a text').not.toBeNull();
      const oldKey = holder!.message;
      // another one-line text: the guide's example key, unless the home screen already shows that very text (after the
      // guide's own example change, docs/SCHEMAS.md "How to read a difference"), then the next plain text
      const t = makeHarness('empty-cart').stores.session;
      const plain = (k: string) => /^[^{}<>\n[\]*_]+$/.test(t.t(k)) && t.t(k) !== k;
      const sr = JSON.parse(await readFile(join(SCHEMAS, 'messages', 'sr.json'), 'utf8')) as Record<string, unknown>;
      const newKey = ['error.notFound.title', ...Object.keys(sr).sort()].find((k) => typeof sr[k] === 'string' && plain(k) && t.t(k).trim() !== t.t(oldKey).trim());
      expect(newKey, 'a text to change to').toBeDefined();
      holder!.message = newKey!;
      await writeFile(file, JSON.stringify(edited, null, 2));

      // the edit is valid: the checker reports nothing for the edited file
      const { errors } = await loadAndCheck(join(dir, 'schemas'));
      expect(errors.filter((e) => e.file === 'schemas/screens/home.json')).toEqual([]);

      const before = await domOf(SCREENS.home);
      const after = await domOf(JSON.parse(await readFile(file, 'utf8')) as ScreenDoc);
      expect(after).not.toBe(before);
      expect(lineDiff(before, after)).toEqual([`- ${t.t(oldKey)}`, `+ ${t.t(newKey!)}`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
