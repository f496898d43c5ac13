// @vitest-environment node
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll, GENERATED_HEADER } from '../../../tools/schemas/generate';
import { REPO_ROOT } from './fixture';

describe('generated schema files', () => {
  it('are up to date (else run "npm run schemas:types")', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const stale: string[] = [];
    for (const [rel, content] of files) {
      const committed = await readFile(join(REPO_ROOT, rel), 'utf8').catch(() => undefined);
      if (committed !== content) stale.push(committed === undefined ? `${rel} (missing)` : rel);
    }
    for (const name of await readdir(join(REPO_ROOT, 'schemas', 'types')).catch(() => [] as string[])) {
      if (name.endsWith('.ts') && !files.has(`schemas/types/${name}`)) stale.push(`schemas/types/${name} (no longer generated)`);
    }
    expect(stale, `stale generated files — run "npm run schemas:types":\n  ${stale.join('\n  ')}`).toEqual([]);
  }, 60_000);

  it('include the types of every store state schema (schemas/state/<store>.json → schemas/types/state.<store>.ts)', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const states = (await readdir(join(REPO_ROOT, 'schemas', 'state'))).filter((n) => n.endsWith('.json'));
    expect(states.length).toBeGreaterThan(0);
    for (const name of states) expect(files.has(`schemas/types/state.${name.replace(/\.json$/, '')}.ts`), name).toBe(true);
  }, 60_000);

  it('mark every generated TypeScript file as generated', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const ts = [...files].filter(([rel]) => rel.endsWith('.ts'));
    expect(ts.length).toBeGreaterThanOrEqual(6);
    for (const [, content] of ts) expect(content.startsWith(GENERATED_HEADER)).toBe(true);
  }, 60_000);
});
