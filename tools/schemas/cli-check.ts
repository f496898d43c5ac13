/** npm run schemas:check — checks every document under schemas/ and prints what is wrong. */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { formatErrors, loadAndCheck } from './index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');
const { documents, errors } = await loadAndCheck(root);
const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
if (errors.length) console.log(formatErrors(errors, { color }) + '\n');
const files = new Set(errors.map((e) => e.file)).size;
console.log(`schemas: ${documents.length} documents checked, ${errors.length} error${errors.length === 1 ? '' : 's'}` + (errors.length ? ` in ${files} file${files === 1 ? '' : 's'}` : ''));
process.exitCode = errors.length ? 1 : 0;
