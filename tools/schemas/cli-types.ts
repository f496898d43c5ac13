/**
 * npm run schemas:types — regenerates schemas/meta/vocabulary.json, the editor help
 * (schemas/meta/generated/vocabulary.schema.json) and the TypeScript types (schemas/types/*.ts).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll } from './generate.js';
import { VocabularyError } from './vocabulary.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
try {
  const { files, vocabulary, warnings } = await generateAll(repoRoot);
  let changed = 0;
  for (const [rel, content] of files) {
    const abs = join(repoRoot, rel);
    const old = await readFile(abs, 'utf8').catch(() => undefined);
    if (old === content) continue;
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content);
    changed++;
    console.log(`  wrote ${rel}`);
  }
  // generated types whose source schema is gone
  const typesDir = join(repoRoot, 'schemas', 'types');
  for (const name of await readdir(typesDir).catch(() => [] as string[])) {
    const rel = `schemas/types/${name}`;
    if (name.endsWith('.ts') && !files.has(rel)) {
      await rm(join(typesDir, name));
      changed++;
      console.log(`  removed ${rel}`);
    }
  }
  for (const w of warnings) console.warn(`  warning: ${w}`);
  console.log(
    `schemas:types: ${Object.keys(vocabulary.components).length} components, ${Object.keys(vocabulary.actions).length} actions, ${files.size} generated files (${changed} changed)`,
  );
} catch (e) {
  if (e instanceof VocabularyError) {
    console.error(e.message);
    process.exitCode = 1;
  } else throw e;
}
