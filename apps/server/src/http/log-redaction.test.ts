import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactQuerySecrets } from './log-redaction.js';

describe('redactQuerySecrets', () => {
  it.each([
    ['/api/file/x?password=s3cret&token=abc', '/api/file/x?password=[REDACTED]&token=[REDACTED]'],
    ['/f?a=1&Password=x&b=2', '/f?a=1&Password=[REDACTED]&b=2'],
    ['/f?%70assword=x', '/f?%70assword=[REDACTED]'],
    ['/f?new_password=x&access_token=y', '/f?new_password=[REDACTED]&access_token=[REDACTED]'],
    ['/o?key=k&sign=s&sig=t', '/o?key=[REDACTED]&sign=[REDACTED]&sig=[REDACTED]'],
    [
      'https://b.s3.example/k?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=abcd&X-Amz-Expires=60',
      'https://b.s3.example/k?X-Amz-Credential=[REDACTED]&X-Amz-Signature=[REDACTED]&X-Amz-Expires=60',
    ],
    ['failed: GET /x?token=abc#frag', 'failed: GET /x?token=[REDACTED]#frag'],
    ['/api/office-file/x?grant=g1.sig', '/api/office-file/x?grant=[REDACTED]'],
  ])('%s', (input, expected) => {
    expect(redactQuerySecrets(input)).toBe(expected);
  });

  it('keeps harmless parameters, empty values and plain text', () => {
    for (const text of ['/f?monkey=1&keyboard=2', '/f?token=', 'a=b without a query', '/plain']) {
      expect(redactQuerySecrets(text)).toBe(text);
    }
  });

  it('never breaks the JSON escape of a quote inside a value', () => {
    const line = JSON.stringify({ msg: '/x?token=ab"cd' });
    expect(() => void JSON.parse(redactQuerySecrets(line))).not.toThrow();
  });
});

describe('createLogger', () => {
  function capture() {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    return { lines, logger: createLogger('info', destination) };
  }

  it('redacts credential headers at any depth it logs them, and query secrets in messages and errors', () => {
    const { lines, logger } = capture();
    logger.info({ req: { method: 'GET', url: '/a?token=t0k', headers: {} } }, 'incoming');
    logger.info({ headers: { authorization: 'ApiKey xyz1', cookie: 'sid=c00k' } }, 'top');
    logger.info({ busboyOptions: { headers: { authorization: 'Bearer xyz2' } } }, 'nested');
    logger.info({ headers: { 'x-upload-secret': 'upl1' } }, 'upload step');
    logger.info({ req: { headers: { 'x-upload-secret': 'upl2' } } }, 'upload step');
    logger.warn('Reply was already sent in the "/a?password=pw1" (GET) route');
    logger.error({ err: new Error('request to /b?signature=s1g failed') }, 'boom');
    const all = lines.join('');
    for (const secret of ['t0k', 'xyz1', 'c00k', 'xyz2', 'pw1', 's1g', 'upl1', 'upl2']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('/a?token=[REDACTED]');
    expect(all).toContain('/b?signature=[REDACTED] failed');
  });
});
