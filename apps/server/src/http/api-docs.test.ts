import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument, endpoints, errorsOf, statusOf } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';

type Operation = {
  operationId: string;
  security: Record<string, unknown>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const document = buildOpenApiDocument(endpoints, { title: 'Pasteport API', version: '0.0.0' });
const doc = document as unknown as Document;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

describe('the OpenAPI document of the endpoint table', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    // The validator does look: a broken operation fails it.
    const broken = { ...document, paths: { '/api/x': { get: { responses: 'none' } } } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('offers Idempotency-Key on every mutating operation and on no read', () => {
    for (const { path, method, operation } of operations) {
      const header = (operation.parameters ?? []).filter((p) => p.name === 'Idempotency-Key');
      const mutating = ['post', 'put', 'patch', 'delete'].includes(method);
      expect(header, `${method} ${path}`).toEqual(
        mutating ? [expect.objectContaining({ in: 'header' })] : [],
      );
      if (mutating) {
        expect(JSON.stringify(operation.responses['422']), `${method} ${path}`).toContain(
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
    }
    expect(operations.filter(({ method }) => method === 'delete').length).toBeGreaterThan(5);
  });

  it('describes both ways to authenticate and which each route takes', () => {
    expect(doc.components.securitySchemes.adminSession).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(doc.paths['/api/admin/api-keys']?.get?.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths['/api/user/files']?.get?.security).toEqual([
      { adminSession: [] },
      { apiKey: [] },
    ]);
    // Public routes take no credentials, or either kind.
    expect(doc.paths['/api/paste']?.post?.security).toContainEqual({});
  });

  it('has an operation for every entry (and HEAD for those that answer it), ids unique', () => {
    const expected = Object.values(endpoints).reduce(
      (count, entry) => count + ('head' in entry && entry.head ? 2 : 1),
      0,
    );
    expect(operations).toHaveLength(expected);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers each route's error codes under their statuses, and its request parts", () => {
    const createPaste = doc.paths['/api/paste']?.post;
    for (const code of errorsOf(endpoints.createPaste)) {
      expect(JSON.stringify(createPaste?.responses[String(statusOf(code))]), code).toContain(code);
    }
    expect(createPaste?.responses['201']).toBeDefined();
    expect(createPaste?.requestBody).toBeDefined();
    const verify = doc.paths['/api/public/files/{slug}/verify']?.post;
    expect(verify?.parameters).toEqual([
      expect.objectContaining({ name: 'slug', in: 'path' }),
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    const upload = doc.paths['/api/upload']?.post;
    expect(JSON.stringify(upload?.requestBody)).toContain('multipart/form-data');
    const download = doc.paths['/api/file-download/{slug}'];
    expect(Object.keys(download ?? {}).sort()).toEqual(['get', 'head']);
  });
});
