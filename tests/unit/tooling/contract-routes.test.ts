// @vitest-environment node
/**
 * Routes of contract operations are typed and described by the contract (issue 14, "Types from the contract"): a route
 * of a schemas/api/paths.json call is registered as `app.route<RouteOf<'op'>>({ ...contractRoute(paths, 'op'), … })`,
 * never with a hand-written request generic or hand-copied method/url/$refs — so a contract change breaks the build
 * at the route. (Routes that are not contract calls — media files, gateway pages, dev and studio routes — use
 * app.get/app.post with their own inline schema and are not concerned.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'db' ? [] : serverFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const files = serverFiles(join(ROOT, 'server')).map((f) => ({ file: relative(ROOT, f).replace(/\\/g, '/'), text: readFileSync(f, 'utf8') }));
const operations = new Set(Object.keys(JSON.parse(readFileSync(join(ROOT, 'schemas/api/paths.json'), 'utf8')) as Record<string, unknown>));

function occurrences(re: RegExp): string[] {
  return files.flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (re.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
}

describe('contract routes', () => {
  it('sees the server routes (the scan is not empty)', () => {
    expect(occurrences(/contractRoute\(paths, '/).length).toBeGreaterThan(50);
  });

  it('no route copies a call\'s method or path from paths.json by hand (contractRoute gives method, url and schema)', () => {
    expect(occurrences(/\bpaths\.\w+\.(method|path)\b/)).toEqual([]);
  });

  it('every app.route is typed by RouteOf of a contract operation, not by a hand-written generic', () => {
    expect(occurrences(/app\.route(<(?!RouteOf<)|\()/)).toEqual([]);
  });

  it('RouteOf and contractRoute of one registration name the same existing operation', () => {
    const bad = files.flatMap(({ file, text }) => [...text.matchAll(/app\.route<RouteOf<'(\w+)'>>\(\{\s*\.\.\.contractRoute\(paths, '(\w+)'\)/g)]
      .filter((m) => m[1] !== m[2] || !operations.has(m[1]!))
      .map((m) => `${file}: RouteOf<'${m[1]}'> with contractRoute(paths, '${m[2]}')`));
    expect(bad).toEqual([]);
    const typed = files.reduce((n, { text }) => n + (text.match(/app\.route<RouteOf</g) ?? []).length, 0);
    const paired = files.reduce((n, { text }) => n + [...text.matchAll(/app\.route<RouteOf<'(\w+)'>>\(\{\s*\.\.\.contractRoute\(paths, '(\w+)'\)/g)].length, 0);
    expect(paired).toBe(typed);
  });
});
