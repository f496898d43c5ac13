// The schema set's check in a worker thread (server/ui/documents.ts `checkedSet`): at a start without a checked set
// kept for these files, the check (AJV compiling every form's validator, ~3 s) runs on the second core while the main
// thread opens the database and builds the catalogue read model. Built by tools/start.mjs beside the server bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { loadDocumentSet, SchemaSetError, type CheckAnswer } from './documents';

const { rootDir } = workerData as { rootDir: string };
let answer: CheckAnswer;
try {
  const set = await loadDocumentSet(rootDir, { strict: true });
  answer = { ok: true, docs: set.docs, manifest: set.manifest };
} catch (e) {
  answer = e instanceof SchemaSetError ? { ok: false, errors: e.errors } : { ok: false, message: e instanceof Error ? e.stack ?? e.message : String(e) };
}
parentPort?.postMessage(answer);
