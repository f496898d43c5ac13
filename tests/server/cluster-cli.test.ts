// `npm run cluster` (tools/cluster.mjs) says what is missing before it starts anything: PostgreSQL, HAProxy, or (for
// --rolling-restart) a running cluster. The cluster itself is tested end to end in tests/e2e/cluster.e2e.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'cluster-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cluster(args: string[], env: Record<string, string | undefined>) {
  const e: Record<string, string | undefined> = { ...process.env, CLUSTER_DIR: dir, ...env };
  for (const [k, v] of Object.entries(e)) if (v === undefined) delete e[k];
  return spawnSync(process.execPath, [join(ROOT, 'tools', 'cluster.mjs'), ...args], { cwd: ROOT, env: e as NodeJS.ProcessEnv, encoding: 'utf8' });
}

describe('npm run cluster', () => {
  it('needs PostgreSQL: without DATABASE_URL (or with another kind of URL) it stops and says so', () => {
    for (const url of [undefined, 'file:./data/pglite']) {
      const r = cluster([], { DATABASE_URL: url });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('npm run cluster needs PostgreSQL: set DATABASE_URL=postgresql://');
    }
  });

  it('needs HAProxy: without the binary it names the Debian package', () => {
    const r = cluster([], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none', HAPROXY: join(dir, 'no-haproxy-here') });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('HAProxy is not installed');
    expect(r.stderr).toContain('apt-get install haproxy');
  });

  it('refuses a bad port, and a rolling restart when no cluster runs', () => {
    const bad = cluster(['--port', 'eighty'], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--port must be a positive whole number');
    const r = cluster(['--rolling-restart'], {});
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No cluster is running');
  });
});
