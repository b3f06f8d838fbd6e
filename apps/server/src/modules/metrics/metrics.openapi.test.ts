import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument, endpoints } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { METRICS_OPENAPI } from './metrics.openapi.js';

type Document = {
  paths: Record<string, Record<string, { security: Record<string, unknown>[]; tags: string[] }>>;
  tags: { name: string }[];
  components: { securitySchemes: Record<string, Record<string, string>> };
};

describe('GET /metrics in the API description', () => {
  const document = buildOpenApiDocument(endpoints, { title: 'T', version: '0' }, METRICS_OPENAPI);
  const doc = document as unknown as Document;

  it('keeps the document valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('names the admin session and the metrics token, never an API key', () => {
    const operation = doc.paths['/metrics']?.get;
    expect(operation?.security).toEqual([{ adminSession: [] }, { metricsToken: [] }]);
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey).toBeDefined();
    expect(doc.tags.map((tag) => tag.name)).toContain('Metrics');
  });

  it('refuses an extra path that the endpoint table already has', () => {
    expect(() =>
      buildOpenApiDocument(
        endpoints,
        { title: 'T', version: '0' },
        {
          paths: { '/api/health': { get: { responses: {} } } },
        },
      ),
    ).toThrow(/endpoint table/);
  });
});
