import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiKeyRequestSchema, updateApiKeyRequestSchema } from './api-keys.js';
import { changePasswordRequestSchema, loginRequestSchema } from './auth.js';
import { clearCacheRequestSchema } from './dashboard.js';
import {
  commitRequestSchema,
  directUploadFieldsSchema,
  multipartAbortRequestSchema,
  multipartCompleteRequestSchema,
  multipartInitRequestSchema,
  multipartRefSchema,
  presignRequestSchema,
  updateFileRequestSchema,
  verifyFileRequestSchema,
} from './files.js';
import {
  batchDeleteRequestSchema,
  createPasteRequestSchema,
  unlockPasteRequestSchema,
  updatePasteRequestSchema,
} from './pastes.js';
import { updateSystemSettingsSchema } from './settings.js';
import {
  createStorageConfigRequestSchema,
  updateStorageConfigRequestSchema,
} from './storage-configs.js';
import { strictBody, UNKNOWN_FIELD_RULE, unknownFieldMessage } from './strict-body.js';
import {
  urlCancelRequestSchema,
  urlCommitRequestSchema,
  urlImportRequestSchema,
  urlInfoRequestSchema,
  urlMultipartAbortRequestSchema,
  urlMultipartCompleteRequestSchema,
  urlMultipartInitRequestSchema,
  urlPresignRequestSchema,
} from './url-import.js';

/** Every JSON request body (and the upload form's fields) the API parses. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  createPasteRequestSchema,
  unlockPasteRequestSchema,
  updatePasteRequestSchema,
  batchDeleteRequestSchema,
  createApiKeyRequestSchema,
  updateApiKeyRequestSchema,
  loginRequestSchema,
  changePasswordRequestSchema,
  updateSystemSettingsSchema,
  clearCacheRequestSchema,
  createStorageConfigRequestSchema,
  updateStorageConfigRequestSchema,
  directUploadFieldsSchema,
  presignRequestSchema,
  commitRequestSchema,
  multipartInitRequestSchema,
  multipartAbortRequestSchema,
  multipartCompleteRequestSchema,
  verifyFileRequestSchema,
  updateFileRequestSchema,
  urlInfoRequestSchema,
  urlPresignRequestSchema,
  urlCommitRequestSchema,
  urlMultipartInitRequestSchema,
  urlMultipartCompleteRequestSchema,
  urlMultipartAbortRequestSchema,
  urlCancelRequestSchema,
  urlImportRequestSchema,
};

/** The fields of a body schema (through a preprocess, where it has one). */
function fieldsOf(schema: z.ZodType): string[] {
  const object = schema instanceof z.ZodPipe ? schema.out : schema;
  if (!(object instanceof z.ZodObject)) throw new Error('not an object schema');
  return Object.keys(object.shape);
}

/** The issues a value raises at one path. */
function issuesAt(schema: z.ZodType, value: unknown, path: PropertyKey[]) {
  const result = schema.safeParse(value);
  return (result.error?.issues ?? []).filter(
    (issue) => JSON.stringify(issue.path) === JSON.stringify(path),
  );
}

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('unknownFieldMessage', () => {
  const known = ['content', 'max_views', 'expires_at', 'currentPassword'];

  it('names the known field a camelCase or snake_case twin means', () => {
    expect(unknownFieldMessage('maxViews', known)).toBe('unknown field maxViews: use max_views');
    expect(unknownFieldMessage('ExpiresAt', known)).toBe('unknown field ExpiresAt: use expires_at');
    expect(unknownFieldMessage('current_password', known)).toBe(
      'unknown field current_password: use currentPassword',
    );
  });

  it('only says unknown when no known field is meant', () => {
    expect(unknownFieldMessage('views', known)).toBe('unknown field views');
    expect(unknownFieldMessage('max_views_x', known)).toBe('unknown field max_views_x');
    expect(unknownFieldMessage('', known)).toBe('unknown field ');
  });
});

describe('strictBody', () => {
  const schema = strictBody(
    z.object({
      max_views: z.number().optional(),
      parts: z.array(strictBody(z.object({ partNumber: z.number() }))).optional(),
    }),
  );

  it('accepts the known fields and returns them as the plain object would', () => {
    expect(schema.parse({ max_views: 3, parts: [{ partNumber: 1 }] })).toEqual({
      max_views: 3,
      parts: [{ partNumber: 1 }],
    });
    expect(schema.parse({})).toEqual({});
  });

  it('refuses each unknown field as an issue of its own, beside other problems', () => {
    const result = schema.safeParse({ max_views: 'x', maxViews: 3, colour: 'red' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['max_views'], code: 'invalid_type' }),
      {
        code: 'custom',
        path: ['maxViews'],
        params: { rule: UNKNOWN_FIELD_RULE },
        message: 'unknown field maxViews: use max_views',
      },
      {
        code: 'custom',
        path: ['colour'],
        params: { rule: UNKNOWN_FIELD_RULE },
        message: 'unknown field colour',
      },
    ]);
  });

  it('refuses unknown fields of nested strict objects at their full path', () => {
    const issues = issuesAt(schema, { parts: [{ partNumber: 1, PartNumber: 1 }] }, [
      'parts',
      0,
      'PartNumber',
    ]);
    expect(issues.map((issue) => issue.message)).toEqual([
      'unknown field PartNumber: use partNumber',
    ]);
  });

  it('knows the added fields when a schema extended from a strict one is wrapped again', () => {
    const extended = strictBody(schema.extend({ part_size: z.number().optional() }));
    expect(extended.parse({ part_size: 5 })).toEqual({ part_size: 5 });
    expect(issuesAt(extended, { partSize: 5 }, ['partSize'])[0]?.message).toBe(
      'unknown field partSize: use part_size',
    );
  });
});

describe.each(Object.entries(BODY_SCHEMAS))('%s', (_name, schema) => {
  const fields = fieldsOf(schema);

  it('refuses an unknown field by name', () => {
    expect(issuesAt(schema, { surprise: 1 }, ['surprise'])).toEqual([
      expect.objectContaining({
        message: 'unknown field surprise',
        params: { rule: UNKNOWN_FIELD_RULE },
      }),
    ]);
  });

  it('tells the other spelling of each field which name to use', () => {
    for (const field of fields) {
      const twin = field.includes('_') ? camelCase(field) : snakeCase(field);
      if (twin === field) continue;
      expect(issuesAt(schema, { [twin]: 1 }, [twin])[0]?.message, twin).toBe(
        `unknown field ${twin}: use ${field}`,
      );
    }
  });
});

describe('multipart ref', () => {
  it('stays lenient as the query of /upload/multipart/parts', () => {
    const ref = { file_id: 'f', upload_id: 'u' };
    expect(multipartRefSchema.parse({ ...ref, _: '1' })).toEqual(ref);
    expect(multipartAbortRequestSchema.safeParse({ ...ref, _: '1' }).success).toBe(false);
  });
});
