import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  requestFingerprint,
  type FingerprintedRequest,
} from './request-fingerprint.js';

/** A body as the JSON parser hands it to the route: raw text parsed. */
const parsed = (raw: string): unknown => JSON.parse(raw);

const jsonRequest = (body: unknown, overrides: Partial<FingerprintedRequest> = {}) =>
  requestFingerprint({
    method: 'POST',
    url: '/api/paste',
    body,
    contentType: 'application/json',
    contentLength: '20',
    hasBody: true,
    ...overrides,
  });

describe('canonicalJson', () => {
  it('writes objects with sorted keys and no whitespace, at every depth', () => {
    expect(canonicalJson(parsed('{ "b": 1, "a": { "d": [1, 2], "c": null } }'))).toBe(
      '{"a":{"c":null,"d":[1,2]},"b":1}',
    );
  });

  it('reads bodies that parse to the same value the same', () => {
    const forms = [
      '{"content":"é","max_views":1}',
      '{\n  "max_views": 1.0,\n  "content": "\\u00e9"\n}',
      '{"max_views":1e0,"content":"é"}',
    ];
    const canonical = forms.map((raw) => canonicalJson(parsed(raw)));
    expect(new Set(canonical).size).toBe(1);
    expect(canonical[0]).toBe('{"content":"é","max_views":1}');
  });

  it('keeps what changes the value: array order, types, string content', () => {
    const pairs: [string, string][] = [
      ['[1,2]', '[2,1]'],
      ['{"a":1}', '{"a":"1"}'],
      ['{"a":null}', '{}'],
      ['{"a":"x"}', '{"a":"x "}'],
      ['{"a":true}', '{"a":1}'],
      ['{"a":{"b":1}}', '{"a.b":1}'],
    ];
    for (const [left, right] of pairs) {
      expect(canonicalJson(parsed(left)), `${left} vs ${right}`).not.toBe(
        canonicalJson(parsed(right)),
      );
    }
  });

  it('escapes keys and strings as JSON, so no key can forge structure', () => {
    expect(canonicalJson({ 'a":1,"b': 2 })).toBe('{"a\\":1,\\"b":2}');
    expect(canonicalJson(['\u2028', '\n'])).toBe('["\u2028","\\n"]');
  });

  it('handles empty containers, scalars and nesting deeper than the stack', () => {
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson('x')).toBe('"x"');
    const depth = 200_000;
    const deep = parsed('['.repeat(depth) + ']'.repeat(depth));
    expect(canonicalJson(deep)).toHaveLength(2 * depth);
  });
});

describe('requestFingerprint', () => {
  it('is a SHA-256 hex digest, equal for the same request in another spelling', () => {
    const first = jsonRequest(parsed('{"content":"x","slug":"s"}'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(jsonRequest(parsed('{ "slug": "s", "content": "x" }'))).toBe(first);
  });

  it('tells apart the method, the path, the query and the body', () => {
    const base = jsonRequest({ content: 'x' });
    expect(jsonRequest({ content: 'x' }, { method: 'PUT' })).not.toBe(base);
    expect(jsonRequest({ content: 'x' }, { url: '/api/paste/other' })).not.toBe(base);
    expect(jsonRequest({ content: 'x' }, { url: '/api/paste?x=1' })).not.toBe(base);
    expect(jsonRequest({ content: 'y' })).not.toBe(base);
  });

  it('tells an empty body from a JSON body, whatever the headers say', () => {
    const none = { body: undefined, hasBody: false, contentLength: undefined };
    expect(jsonRequest(undefined, none)).not.toBe(jsonRequest({}));
    expect(jsonRequest(undefined, none)).not.toBe(jsonRequest(null));
    expect(jsonRequest(undefined, { ...none, contentType: undefined })).toBe(
      jsonRequest(undefined, none),
    );
  });

  it('knows a streamed body by its media type without parameters and its length', () => {
    const stream = (contentType: string | undefined, contentLength: string | undefined) =>
      jsonRequest(undefined, { url: '/api/upload', contentType, contentLength });
    const form = stream('multipart/form-data; boundary=aaa', '1000');
    expect(stream('Multipart/Form-Data; boundary=bbb', '1000')).toBe(form);
    expect(stream('multipart/form-data; boundary=aaa', '1001')).not.toBe(form);
    expect(stream('application/octet-stream', '1000')).not.toBe(form);
    expect(stream('multipart/form-data', undefined)).not.toBe(form);
  });
});
