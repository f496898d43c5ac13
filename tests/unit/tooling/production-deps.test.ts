// @vitest-environment node
// A production install (`npm ci --omit=dev`, README "Production") has what the server imports: every package the
// server's module graph (server/main.ts, bundled by esbuild with packages left external, as tools/start.mjs does) and
// the launcher itself import is in package.json `dependencies` — a devDependency there would be missing in
// production. Checked against the import graph rather than by installing.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>; devDependencies: Record<string, string>; engines: { node: string };
};
const builtins = new Set(builtinModules);
/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name` */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

async function externalPackages(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [join(root, entry)], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true,
    outdir: join(root, 'node_modules', '.cache', 'production-deps-test'), logLevel: 'silent',
  });
  const out = new Set<string>();
  for (const o of Object.values(result.metafile.outputs)) {
    for (const i of o.imports) {
      if (!i.external || i.path.startsWith('node:') || builtins.has(i.path) || i.path.startsWith('.') || i.path.startsWith('/')) continue;
      out.add(packageOf(i.path));
    }
  }
  return out;
}

describe('a production install', () => {
  it('has every package the server and its launcher import in dependencies', async () => {
    const used = new Set([...(await externalPackages('server/main.ts')), ...(await externalPackages('tools/start.mjs'))]);
    expect(used.size).toBeGreaterThan(10); // the graph was read (fastify, pg, pg-boss …)
    expect(used).toContain('pg-boss');
    const missing = [...used].filter((p) => !(p in pkg.dependencies)).sort();
    expect(missing, 'imported in production but not in dependencies').toEqual([]);
  }, 60_000);

  it('states one Node version: engines, .nvmrc and the README agree', () => {
    const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
    const min = /^>=(\d+)\.(\d+)/.exec(pkg.engines.node);
    expect(min, `engines.node ${pkg.engines.node}`).not.toBeNull();
    const [major, minor] = nvmrc.split('.').map(Number);
    // .nvmrc names a version engines accepts, of the same major line
    expect(major).toBe(Number(min![1]));
    expect(minor).toBeGreaterThanOrEqual(Number(min![2]));
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${min![1]}.${min![2]} or newer; tested on ${nvmrc}`);
  });
});
