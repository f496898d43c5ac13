// GET /ui/manifest, /ui/{screens|modals|forms|flows}/:id, /ui/forms/:id/validator.js, /ui/messages/:lang — ETag + 304.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';
import type { DocKind } from './documents';

function send(req: FastifyRequest, reply: FastifyReply, etag: string, body: string, type = 'application/json; charset=utf-8') {
  reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  const inm = req.headers['if-none-match'];
  if (typeof inm === 'string' && inm.split(',').map((s) => s.trim().replace(/^W\//, '')).includes(etag)) {
    return reply.code(304).send();
  }
  return reply.type(type).send(body);
}

export async function uiRoutes(app: FastifyInstance): Promise<void> {
  const { ui } = app.ctx;
  const id = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,80}$' };

  app.get('/ui/manifest', async (req, reply) => send(req, reply, ui.manifest.etag, ui.manifest.body));

  const kinds: Array<[string, DocKind]> = [['screens', 'screen'], ['modals', 'modal'], ['forms', 'form'], ['flows', 'flow']];
  for (const [segment, kind] of kinds) {
    app.get<{ Params: { id: string } }>(`/ui/${segment}/:id`, {
      schema: { params: { type: 'object', required: ['id'], properties: { id } } },
    }, async (req, reply) => {
      const doc = ui.get(kind, req.params.id);
      if (!doc) throw notFound(`${segment}/${req.params.id}`, 'error.unknownDocument');
      return send(req, reply, doc.etag, doc.body);
    });
  }

  // the form's standalone validator (AJV code compiled by the server; imported by components/forms/Form.tsx)
  app.get<{ Params: { id: string } }>('/ui/forms/:id/validator.js', {
    schema: { params: { type: 'object', required: ['id'], properties: { id } } },
  }, async (req, reply) => {
    const doc = ui.get('form', req.params.id);
    if (!doc?.validator) throw notFound(`forms/${req.params.id}/validator.js`, 'error.unknownDocument');
    return send(req, reply, doc.validator.etag, doc.validator.body, 'text/javascript; charset=utf-8');
  });

  app.get<{ Params: { lang: 'sr' | 'en' } }>('/ui/messages/:lang', {
    schema: { params: { type: 'object', required: ['lang'], properties: { lang: { type: 'string', enum: ['sr', 'en'] } } } },
  }, async (req, reply) => {
    const doc = ui.get('messages', req.params.lang);
    if (!doc) throw notFound(`messages/${req.params.lang}`, 'error.unknownDocument');
    return send(req, reply, doc.etag, doc.body);
  });
}
