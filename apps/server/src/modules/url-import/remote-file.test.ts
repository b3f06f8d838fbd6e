import { describe, expect, it } from 'vitest';
import {
  acceptsRanges,
  contentTypeOf,
  declaredSize,
  dispositionFilename,
  passiveContentType,
  rangeTotal,
  remoteFilename,
  usableFilename,
} from './remote-file.js';

describe('dispositionFilename', () => {
  it('prefers RFC 5987 filename* over filename', () => {
    expect(
      dispositionFilename(
        `attachment; filename="plain.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`,
      ),
    ).toBe('€ rates.txt');
    expect(dispositionFilename(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`)).toBe(
      '£ rates.txt',
    );
  });

  it('reads quoted and bare filename, with escapes', () => {
    expect(dispositionFilename('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(dispositionFilename('inline; filename=report.pdf')).toBe('report.pdf');
    expect(dispositionFilename('attachment; filename="a;b.txt"; size=3')).toBe('a;b.txt');
  });

  it('falls back to filename when filename* cannot be decoded', () => {
    expect(dispositionFilename(`attachment; filename*=UTF-8''%E2%82; filename="ok.txt"`)).toBe(
      'ok.txt',
    );
    expect(dispositionFilename(`attachment; filename*=koi8-r''x; filename=b.txt`)).toBe('b.txt');
    expect(dispositionFilename('attachment')).toBeUndefined();
  });
});

describe('remoteFilename', () => {
  const url = 'https://files.test/a/b/Annual%20Report%202026.pdf?sig=x';

  it('takes Content-Disposition first, then the last path segment, then "download"', () => {
    expect(remoteFilename({ 'content-disposition': 'attachment; filename="x.bin"' }, url)).toBe(
      'x.bin',
    );
    expect(remoteFilename({}, url)).toBe('Annual Report 2026.pdf');
    expect(remoteFilename({}, 'https://files.test/dir/')).toBe('dir');
    expect(remoteFilename({}, 'https://files.test/')).toBe('download');
    expect(remoteFilename({}, 'https://files.test/%E2%82')).toBe('%E2%82');
  });

  it('never gives a name with separators or controls, nor . or ..', () => {
    expect(
      remoteFilename({ 'content-disposition': 'attachment; filename="../../etc/passwd"' }, url),
    ).toBe('.._.._etc_passwd');
    expect(remoteFilename({ 'content-disposition': 'attachment; filename=".."' }, url)).toBe(
      'Annual Report 2026.pdf',
    );
    expect(remoteFilename({}, 'https://files.test/a%2F..%2Fb%00c')).toBe('a_.._b_c');
  });
});

describe('usableFilename', () => {
  it('shortens long names to 255 characters, keeping the extension', () => {
    const name = usableFilename(`${'x'.repeat(400)}.tar.gz`);
    expect(name).toHaveLength(255);
    expect(name?.endsWith('x.gz')).toBe(true);
    expect(usableFilename('   ')).toBeUndefined();
  });
});

describe('header helpers', () => {
  it('reads sizes only from plain numbers', () => {
    expect(declaredSize({ 'content-length': '1234' })).toBe(1234);
    expect(declaredSize({ 'content-length': '-1' })).toBeNull();
    expect(declaredSize({ 'content-length': '1e3' })).toBeNull();
    expect(declaredSize({})).toBeNull();
    expect(rangeTotal({ 'content-range': 'bytes 0-0/5000' })).toBe(5000);
    expect(rangeTotal({ 'content-range': 'bytes 0-0/*' })).toBeNull();
  });

  it('knows ranges and media types', () => {
    expect(acceptsRanges({ 'accept-ranges': 'bytes' })).toBe(true);
    expect(acceptsRanges({ 'accept-ranges': 'none' })).toBe(false);
    expect(contentTypeOf({ 'content-type': 'Text/Plain; charset=utf-8' })).toBe('text/plain');
    expect(contentTypeOf({ 'content-type': 'garbage' })).toBeUndefined();
  });

  it('downgrades active types for the proxy', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/javascript']) {
      expect(passiveContentType(type), type).toBe('application/octet-stream');
    }
    expect(passiveContentType('application/rss+xml')).toBe('application/octet-stream');
    expect(passiveContentType(undefined)).toBe('application/octet-stream');
    expect(passiveContentType('image/png')).toBe('image/png');
    expect(passiveContentType('application/pdf')).toBe('application/pdf');
  });
});
