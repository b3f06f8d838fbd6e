import { describe, expect, it } from 'vitest';
import { isAppError } from '../lib/app-error.js';
import { parseTargetUrl } from './url-policy.js';

function refusalOf(raw: string): { code: string; rule: string | undefined } {
  try {
    parseTargetUrl(raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, rule: error.details?.[0]?.rule };
  }
  throw new Error(`${raw} was accepted`);
}

describe('parseTargetUrl', () => {
  it('accepts http and https with any port', () => {
    expect(parseTargetUrl('http://example.com/a?b=1').href).toBe('http://example.com/a?b=1');
    expect(parseTargetUrl('HTTPS://Example.COM:8443/x').href).toBe('https://example.com:8443/x');
    expect(parseTargetUrl('http://example.com:22/').port).toBe('22');
  });

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://example.com:70/_x',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'ws://example.com/',
    'blob:http://example.com/x',
  ])('refuses the scheme of %s', (raw) => {
    expect(refusalOf(raw)).toEqual({ code: 'VALIDATION_FAILED', rule: 'scheme' });
  });

  it.each(['http://user@example.com/', 'http://:secret@example.com/', 'https://u:p@example.com/'])(
    'refuses credentials in %s',
    (raw) => {
      expect(refusalOf(raw)).toEqual({ code: 'VALIDATION_FAILED', rule: 'credentials' });
    },
  );

  it('refuses what is not a URL at all', () => {
    expect(refusalOf('not a url')).toEqual({ code: 'VALIDATION_FAILED', rule: 'format' });
    expect(refusalOf('http://')).toEqual({ code: 'VALIDATION_FAILED', rule: 'format' });
  });

  it('names the url field with a plain message', () => {
    try {
      parseTargetUrl('ftp://example.com/');
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.status).toBe(400);
      expect(isAppError(error) && error.details).toEqual([
        { field: 'url', rule: 'scheme', message: 'only http and https URLs can be fetched' },
      ]);
    }
  });
});
