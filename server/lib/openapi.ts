// A small OpenAPI 3.1 generator from the route schemas (no extra dependency).
import type { FastifyInstance, RouteOptions } from 'fastify';

type Json = Record<string, unknown>;

function rewriteRefs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(rewriteRefs);
  if (v && typeof v === 'object') {
    const out: Json = {};
    for (const [k, x] of Object.entries(v as Json)) {
      out[k] = k === '$ref' && typeof x === 'string' && /^[\w.-]+\.json#/.test(x)
        ? `#/components/schemas/${x.replace(/\.json#\/?/, '/')}` : rewriteRefs(x);
    }
    return out;
  }
  return v;
}

export class OpenApiCollector {
  private routes: Array<{ method: string; url: string; schema: Json }> = [];

  onRoute = (r: RouteOptions) => {
    if (!r.schema) return;
    for (const m of ([] as string[]).concat(r.method as string | string[])) {
      if (m === 'HEAD') continue;
      this.routes.push({ method: m.toLowerCase(), url: r.url, schema: r.schema as Json });
    }
  };

  document(app: FastifyInstance): Json {
    const shared = app.getSchemas() as Record<string, Json>;
    const resolve = (s: Json | undefined): Json | undefined => {
      const ref = s?.$ref;
      if (typeof ref !== 'string') return s;
      const [file, ptr] = ref.split('#');
      let node: unknown = shared[file];
      for (const part of (ptr ?? '').split('/').filter(Boolean)) node = (node as Json | undefined)?.[part];
      return node as Json | undefined;
    };
    const paths: Record<string, Json> = {};
    for (const r of this.routes) {
      const url = r.url.replace(/:(\w+)/g, '{$1}');
      const parameters: Json[] = [];
      for (const [loc, key] of [['query', 'querystring'], ['path', 'params']] as const) {
        const s = resolve(r.schema[key] as Json | undefined);
        const props = (s?.properties ?? {}) as Record<string, Json>;
        const req = (s?.required ?? []) as string[];
        for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: loc, required: loc === 'path' || req.includes(name), schema: rewriteRefs(schema) });
      }
      const responses: Json = {};
      for (const [code, schema] of Object.entries((r.schema.response ?? {}) as Json)) {
        responses[code] = { description: code, content: { 'application/json': { schema: rewriteRefs(schema) } } };
      }
      if (!responses['200']) responses['200'] = { description: 'OK' };
      responses['4XX'] = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/common/$defs/ErrorResponse' } } } };
      (paths[url] ??= {})[r.method] = {
        parameters: [...parameters, { name: 'lang', in: 'header', required: false, schema: { type: 'string', enum: ['1', '2'] } }],
        ...(r.schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: rewriteRefs(r.schema.body) } } } } : {}),
        responses,
      };
    }
    const schemas: Json = {};
    for (const [id, s] of Object.entries(shared)) schemas[id.replace(/\.json$/, '')] = rewriteRefs(s);
    return {
      openapi: '3.1.0',
      info: { title: 'Orbita Telekom web shop API', version: '1' },
      components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      paths,
    };
  }
}
