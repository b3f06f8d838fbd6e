import { z } from 'zod';
import { errorEnvelopeSchema, successEnvelope } from '../envelope.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../constants.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { errorsOf, honoursIdempotencyKey, type Endpoint } from './define.js';
import { openApiPath } from './routes.js';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). What JSON Schema cannot say
 * (transforms, custom checks) is left open; a strict body's unknown-field guard becomes
 * `additionalProperties: false`.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const result = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      if (
        def.type === 'object' &&
        (def as z.core.$ZodObjectDef).catchall?._zod.def.type === 'custom'
      ) {
        jsonSchema.additionalProperties = false;
      }
    },
  }) as JsonSchema;
  delete result.$schema;
  return result;
}

/** A params or query object schema as OpenAPI parameters, one per property. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = toJsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** The optional `Idempotency-Key` header every mutating route honours. */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: [
    'Run this request at most once. A repeat with the same key, method, path and body from the',
    'same caller within 24 hours answers the first answer again, with',
    `\`${IDEMPOTENT_REPLAYED_HEADER}: true\`, instead of running (409 while the first still runs);`,
    'the key with another request is a 422. Only JSON answers are kept. 1–255 printable ASCII',
    'characters.',
  ].join(' '),
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: '^[\\x21-\\x7E]+$',
  },
};

function requestBodyOf(entry: Endpoint): JsonSchema | undefined {
  const body = entry.body;
  if (!body) return undefined;
  if (body.kind === 'json') {
    return {
      required: body.optional !== true,
      content: { 'application/json': { schema: toJsonSchema(body.schema, 'input') } },
    };
  }
  const schema = body.fields
    ? toJsonSchema(body.fields, 'input')
    : { type: 'string', contentMediaType: body.contentType };
  return {
    required: true,
    description: body.description,
    content: { [body.contentType]: { schema } },
  };
}

function successOf(entry: Endpoint): Record<string, JsonSchema> {
  const answer = entry.answer;
  if (answer.kind === 'json') {
    return {
      [String(answer.status)]: {
        description: entry.summary,
        content: {
          'application/json': { schema: toJsonSchema(successEnvelope(answer.schema), 'output') },
        },
      },
    };
  }
  const content = Object.fromEntries(answer.contentTypes.map((type) => [type, {}]));
  const statuses = answer.statuses ?? [200];
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: answer.description,
        ...(status === 200 || status === 206 ? { content } : {}),
      },
    ]),
  );
}

/** The error answers, one per HTTP status, naming the codes the route may answer with it. */
function errorResponsesOf(entry: Endpoint): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(entry)) {
    const status = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [String(status), errorAnswer(codes)]),
  );
}

/** An error answer of one status: the envelope, its `error` one of `codes`. */
export function errorAnswer(codes: readonly string[]): JsonSchema {
  return {
    description: codes.join(', '),
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorEnvelope' },
            { type: 'object', properties: { error: { enum: codes } } },
          ],
        },
      },
    },
  };
}

function securityOf(entry: Endpoint): JsonSchema[] {
  if (entry.access === 'admin') return [{ adminSession: [] }];
  if (entry.access === 'public') return [{}, { adminSession: [] }, { apiKey: [] }];
  return [{ adminSession: [] }, { apiKey: [] }];
}

function accessNote(entry: Endpoint): string {
  const access = entry.access;
  if (typeof access === 'object')
    return `API key with the ${access.permission} permission, or the admin`;
  if (access === 'authenticated') return 'the admin or any API key';
  if (access === 'admin') return 'the admin only';
  return 'anyone';
}

function operationOf(name: string, entry: Endpoint, method: string): JsonSchema {
  const parameters = [
    ...parametersOf(entry.params, 'path'),
    ...parametersOf(entry.query, 'query'),
    ...(honoursIdempotencyKey(entry) ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  const requestBody = requestBodyOf(entry);
  return {
    operationId: method === 'head' && entry.method !== 'HEAD' ? `${name}Head` : name,
    summary: entry.summary,
    description: `Who may call: ${accessNote(entry)}. Error context: ${entry.context}.`,
    tags: [entry.tag],
    security: securityOf(entry),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: { ...successOf(entry), ...errorResponsesOf(entry) },
    'x-access': entry.access,
    'x-error-context': entry.context,
  };
}

/**
 * Routes a server answers outside its endpoint table (not JSON API calls, such as a metrics
 * scrape), described by hand, with any security scheme of their own.
 */
export interface OpenApiExtras {
  paths?: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>;
  securitySchemes?: Readonly<Record<string, JsonSchema>>;
}

/**
 * The OpenAPI 3.1 document of an endpoint table: every route, its schemas and error codes,
 * plus the `extras` described by hand.
 */
export function buildOpenApiDocument(
  table: Readonly<Record<string, Endpoint>>,
  info: OpenApiInfo,
  extras: OpenApiExtras = {},
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const [name, entry] of Object.entries(table)) {
    const path = openApiPath(entry.path);
    const item = (paths[path] ??= {});
    const methods = entry.head ? [entry.method, 'HEAD'] : [entry.method];
    for (const method of methods) {
      item[method.toLowerCase()] = operationOf(name, entry, method.toLowerCase());
    }
    tags.add(entry.tag);
  }
  for (const [path, item] of Object.entries(extras.paths ?? {})) {
    if (paths[path]) throw new Error(`${path} is in the endpoint table already`);
    paths[path] = { ...item };
    for (const operation of Object.values(item)) {
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorEnvelope: toJsonSchema(errorEnvelopeSchema, 'output') },
      securitySchemes: {
        adminSession: {
          type: 'http',
          scheme: 'bearer',
          description: "The administrator's session: `Authorization: Bearer <token>` from login",
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'An API key: `Authorization: ApiKey <key>`',
        },
        ...extras.securitySchemes,
      },
    },
  };
}
