// The contract's calls (schemas/api/paths.json): name → method + path (+ payload $refs), shared with the client.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
/** `query`, `body`, `response`: the payload schemas ($refs into schemas/api) of the call, where the server answers it;
 *  `status`: the response's status when not 200; `replies`: other statuses the route answers itself → their $refs. */
export type ApiPaths = Record<string, { method: HttpMethod; path: string; query?: string; body?: string; response?: string; status?: number; replies?: Record<string, string> }>;

export function loadPaths(schemasDir: string): ApiPaths {
  const raw = JSON.parse(readFileSync(join(schemasDir, 'api', 'paths.json'), 'utf8')) as Record<string, unknown>;
  const out: ApiPaths = {};
  for (const [name, v] of Object.entries(raw)) {
    if (name.startsWith('$')) continue;
    out[name] = v as ApiPaths[string];
  }
  return out;
}
