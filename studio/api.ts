/** The studio's calls to its server routes (server/studio/routes.ts); the session cookie identifies the staff user. */

export interface StudioDocument { file: string; kind: string; id: string; version: number | null }

/** One checker error (tools/schemas SchemaError). */
export interface SchemaError {
  file: string; pointer: string; message: string;
  line?: number; column?: number; expected?: string; suggestion?: string;
}

export interface FixtureEntry { id: string; json: unknown }

export class StudioApiError extends Error {
  constructor(readonly status: number, message: string, readonly schemaErrors: SchemaError[] = []) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = body as { errors?: Array<{ message?: string }>; schemaErrors?: SchemaError[] } | null;
    throw new StudioApiError(res.status, b?.errors?.[0]?.message ?? `HTTP ${res.status}`, b?.schemaErrors ?? []);
  }
  return body as T;
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const studioApi = {
  documents: () => call<{ documents: StudioDocument[] }>('/studio/api/documents').then((r) => r.documents),
  fixtures: () => call<{ fixtures: FixtureEntry[] }>('/studio/api/fixtures').then((r) => r.fixtures),
  source: (file: string) => call<{ file: string; text: string }>(`/studio/api/source?file=${encodeURIComponent(file)}`).then((r) => r.text),
  check: (file: string, text: string) => post<{ errors: SchemaError[]; ms: number }>('/studio/api/check', { file, text }),
  save: (file: string, text: string) => post<{ saved: string }>('/studio/api/save', { file, text }),
  validatorUrl: (schema: unknown) => post<{ url: string }>('/studio/api/validator', { schema }).then((r) => r.url),
  /** a served UI document (/ui/manifest, /ui/messages/sr, ...) */
  uiDocument: <T>(path: string) => call<T>(path),
};
