/** The OpenAPI document at /api/docs.json and its page at /api/docs: generated from the contract, complete. */
import { allEndpoints, operatorEndpoints } from '@loyalty/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
let doc: any;
beforeAll(async () => {
  t = await startTestServer();
  const res = await fetch(`${t.url}/api/docs.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(async () => t?.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and has every endpoint of the catalogue and of the operator, with roles', () => {
    expect(doc.openapi).toBe('3.1.0');
    const all = [...allEndpoints, ...Object.values(operatorEndpoints)];
    const missing = all.filter((e) => !doc.paths[`/api/${e.path}`]?.post);
    expect(missing.map((e) => e.path)).toEqual([]);
    expect(Object.keys(doc.paths)).toHaveLength(all.length);
    for (const e of all) {
      const op = doc.paths[`/api/${e.path}`].post;
      expect(op['x-roles']).toEqual(e.roles === 'public' ? ['public'] : [...e.roles]);
      expect(op['x-scope']).toBe(e.scope);
      expect(op.summary).toBe(e.summary);
    }
  });

  it('covers the merchant, customer and operator calls, each under its tag', () => {
    expect(doc.paths['/api/merchant/ticket/create'].post.tags).toEqual(['merchant']);
    expect(doc.paths['/api/user/login'].post.tags).toEqual(['customer']);
    expect(doc.paths['/api/admin/ticket/reply'].post.tags).toEqual(['operator']);
    expect(doc.paths['/api/admin/ticket/reply'].post.security).toEqual([{ operatorToken: [] }]);
  });

  it("takes the schemas from zod: the ticket's fields, the nesting of the history, the error bodies", () => {
    const create = doc.paths['/api/merchant/ticket/create'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['portalType', 'ticketType', 'ticketTypeId', 'ticketBody']);
    const history =
      doc.paths['/api/merchant/ticket/messageHistory/list'].post.responses['200'].content['application/json'].schema;
    expect(history.properties.data.properties.ticketsHistoryMessage.properties.rows.type).toBe('array');
    for (const code of ['401', '403', '404', '409', '422']) expect(create.responses[code]).toBeDefined();
    expect(create.responses['422'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ValidationError',
    );
    expect(doc.components.schemas.ValidationError.properties.errors.type).toBe('array');
    // a public call has no 401
    expect(doc.paths['/api/merchant/login'].post.responses['401']).toBeUndefined();
  });
});

describe('the reference page', () => {
  it('renders every call as HTML with no script, under the strict content security policy', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/https?:\/\/(?!127)/);
    for (const e of [...allEndpoints, ...Object.values(operatorEndpoints)])
      expect(html).toContain(`/api/${e.path}</code>`);
  });
});
