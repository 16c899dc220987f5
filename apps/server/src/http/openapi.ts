/**
 * The OpenAPI 3.1 document of every call, generated from the contract (docs/architecture.md): the
 * app's catalogue (`api`: merchant, staff, courier and customer calls) and the operator's
 * `operatorEndpoints`. Request and response schemas are the zod schemas' own JSON Schema output
 * (`z.toJSONSchema`), never written by hand; roles go in `x-roles`, the data scope in `x-scope`.
 * Served at `/api/docs.json`, with a readable page rendered from it at `/api/docs` (no script, no
 * outside resource: the content security policy stays strict).
 */
import { allEndpoints, type EndpointDef, operatorEndpoints } from '@loyalty/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
};

const errorRef = (name: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});

const ERRORS = {
  '401': errorRef('Error', 'No valid token (the session ended, or a wrong operator token).'),
  '403': errorRef('Error', 'The caller signed in, but this call is not for its role (or its account is not approved).'),
  '404': errorRef('Error', "Not found: a missing id and another merchant's id answer alike."),
  '409': errorRef('Error', 'A state that forbids it (a closed ticket, a settlement already moved, a taken mobile).'),
  '422': errorRef('ValidationError', 'The payload failed validation: one message per field.'),
};

/** SPEC §7's envelope (`dataEnvelope`): the fields flat, or inside `data` as an object or a JSON string. */
const withEnvelope = (flat: Json): Json => ({
  anyOf: [
    flat,
    {
      type: 'object',
      required: ['data'],
      properties: {
        data: { anyOf: [flat, { type: 'string', description: 'The same fields as a JSON string (form bodies).' }] },
      },
    },
  ],
});

function operation(def: EndpointDef, kind: 'app' | 'operator') {
  const flat = schemaOf(def.body, 'input');
  const body = def.dataEnvelope ? withEnvelope(flat) : flat;
  const isPublic = def.roles === 'public';
  const roles = isPublic ? ['public'] : [...def.roles];
  const content: Json = {
    'application/json': { schema: body },
    'application/x-www-form-urlencoded': { schema: body },
  };
  if (kind === 'app') content['multipart/form-data'] = { schema: body };
  return {
    post: {
      operationId: def.path.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()),
      summary: def.summary,
      tags: [kind === 'operator' ? 'operator' : def.path.startsWith('user/') ? 'customer' : 'merchant'],
      'x-roles': roles,
      'x-scope': def.scope,
      ...(def.operatorRoles && { 'x-operator-roles': [...def.operatorRoles] }),
      ...(def.files && { 'x-files': def.files }),
      security: isPublic ? [] : kind === 'operator' ? [{ operatorToken: [] }] : [{ bearer: [] }, { tokenField: [] }],
      requestBody: { required: true, content },
      responses: {
        '200': {
          description: 'Done: the answer is under `data`.',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['data'], properties: { data: schemaOf(def.response, 'output') } },
            },
          },
        },
        ...(isPublic ? {} : { '401': ERRORS['401'] }),
        ...(kind === 'app' && !isPublic ? { '403': ERRORS['403'] } : {}),
        '404': ERRORS['404'],
        '409': ERRORS['409'],
        '422': ERRORS['422'],
      },
    },
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  paths: Record<string, ReturnType<typeof operation>>;
  components: Json;
  tags: Json[];
}

let cached: OpenApiDocument | undefined;

/** The document (built once: the contract does not change while the server runs). */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const paths: OpenApiDocument['paths'] = {};
  for (const def of allEndpoints) paths[`/api/${def.path}`] = operation(def, 'app');
  for (const def of Object.values(operatorEndpoints) as EndpointDef[])
    paths[`/api/${def.path}`] = operation(def, 'operator');
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty platform API',
      version: '1',
      description:
        'Every call is a POST under /api with a JSON, form or multipart body. Answers are `{ data }`; errors are `{ message }` in the language of Accept-Language (en or ar), with `errors: [{ field, message }]` on 422.',
    },
    tags: [
      {
        name: 'merchant',
        description: 'The merchant app: merchants, their staff (merchantUser) and couriers (delivery).',
      },
      { name: 'customer', description: "The customers' app (/user/...)." },
      { name: 'operator', description: 'The platform operator (/admin/...), with an operator token.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token of /merchant/login or /user/login.' },
        tokenField: { type: 'apiKey', in: 'query', name: 'token', description: 'Or the token as a `token` field.' },
        operatorToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A console session token of /admin/login, or an operator token printed by `npm run admin -- operator token` (role admin).',
        },
      },
      schemas: {
        Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        ValidationError: {
          type: 'object',
          required: ['message', 'errors'],
          properties: {
            message: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
  return cached;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A readable reference page rendered from the document: one section per tag, one entry per call. */
export function openApiPage(doc: OpenApiDocument = openApiDocument()): string {
  const sections = (doc.tags as { name: string; description: string }[]).map((tag) => {
    const entries = Object.entries(doc.paths)
      .filter(([, op]) => op.post.tags[0] === tag.name)
      .map(([path, { post }]) => {
        const body = (post.requestBody.content as Json)['application/json'] as { schema: Json };
        const ok = post.responses['200'].content['application/json'].schema;
        const errs = Object.keys(post.responses).filter((c) => c !== '200');
        return `<article id="${esc(post.operationId)}">
<h3><span class="m">POST</span> <code>${esc(path)}</code></h3>
<p>${esc(post.summary)}</p>
<p class="meta">Roles: ${post['x-roles'].map((r) => `<code>${esc(r)}</code>`).join(' ')} · scope <code>${esc(post['x-scope'])}</code> · errors ${errs.map(esc).join(', ')}</p>
<details><summary>Request body</summary><pre>${esc(JSON.stringify(body.schema, null, 2))}</pre></details>
<details><summary>Response</summary><pre>${esc(JSON.stringify(ok, null, 2))}</pre></details>
</article>`;
      });
    return `<section><h2 id="tag-${esc(tag.name)}">${esc(tag.name)} (${entries.length})</h2><p>${esc(tag.description)}</p>${entries.join('\n')}</section>`;
  });
  const errors = (doc.components.schemas as Json) ?? {};
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(String(doc.info.title))} reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;line-height:1.45;color:#1a1b1e}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #0ca678;padding-bottom:.25rem;margin-top:2rem;text-transform:capitalize}
article{border:1px solid #dee2e6;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0}
h3{font-size:1rem;margin:.5rem 0;word-break:break-all}.m{background:#0ca678;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8rem}
.meta{color:#495057;font-size:.9rem}pre{background:#f8f9fa;padding:.5rem;overflow:auto;font-size:.8rem}
summary{cursor:pointer}
</style></head><body>
<h1>${esc(String(doc.info.title))}</h1>
<p>${esc(String(doc.info.description))}</p>
<p>Machine-readable: <a href="/api/docs.json">/api/docs.json</a> (OpenAPI ${esc(doc.openapi)}). Sections: ${(doc.tags as { name: string }[]).map((t) => `<a href="#tag-${esc(t.name)}">${esc(t.name)}</a>`).join(' · ')}</p>
<h2>Errors</h2>
<pre>${esc(JSON.stringify(errors, null, 2))}</pre>
${sections.join('\n')}
</body></html>`;
}

export function registerOpenApi(app: FastifyInstance): void {
  app.get('/api/docs.json', async () => openApiDocument());
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(openApiPage()));
}
