// Writes the checked schema set into the build (dist/.schema-set.json, with the hash of the files it was made of):
// `npm run build` and tools/start.mjs run it after vite, so the first start after a build reads it instead of checking
// the set and compiling every form's validator (~4 s of CPU at a cold start; server/ui/documents.ts `builtFile`).
//   tsx tools/schema-set.ts [dist folder]
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBuiltSet } from '../server/ui/documents';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? process.env.DIST_DIR ?? join(root, 'dist'));
await writeBuiltSet(join(root, 'schemas'), join(dist, '.schema-set.json'));
