import { describe, expect, it } from 'vitest';
import { fileMimetype } from './file-rules.js';
import { hasControlCharacters, mediaTypeOfName, normaliseMediaType } from './media-type.js';

describe('normaliseMediaType', () => {
  it('keeps one type, lower-cased, with a valid charset as its only parameter', () => {
    expect(normaliseMediaType('Text/Plain')).toBe('text/plain');
    expect(normaliseMediaType(' image/png ')).toBe('image/png');
    expect(normaliseMediaType('text/plain; Charset="UTF-8"; format=flowed')).toBe(
      'text/plain; charset=utf-8',
    );
    expect(normaliseMediaType('application/vnd.ms-excel; name=x.xls')).toBe(
      'application/vnd.ms-excel',
    );
  });

  it('refuses what is not exactly one well-formed type', () => {
    for (const hostile of [
      'text/plain, text/html',
      'text/plain text/html',
      'text/html\r\nX-Injected: 1',
      'text/plain\u0000',
      'texthtml',
      '/html',
      'text/',
      'text/plain/html',
      '',
    ]) {
      expect(normaliseMediaType(hostile), hostile).toBeUndefined();
    }
    expect(normaliseMediaType('text/plain; charset=<script>')).toBe('text/plain');
  });

  it('finds control characters, which make a type a 400', () => {
    expect(hasControlCharacters('text/plain\r\n')).toBe(true);
    expect(hasControlCharacters('text/plain')).toBe(false);
  });
});

describe('fileMimetype', () => {
  it('stores a list of types or a malformed type as application/octet-stream', () => {
    expect(fileMimetype('evil.html', 'text/plain, text/html')).toBe('application/octet-stream');
    expect(fileMimetype('a.bin', 'TEXT/CSV;charset=utf-8')).toBe('text/csv; charset=utf-8');
    expect(fileMimetype('notes.md', 'text/html')).toBe('text/markdown');
    expect(fileMimetype('a.bin')).toBe('application/octet-stream');
  });
});

describe('mediaTypeOfName', () => {
  it('reads the type from the extension, in any case', () => {
    expect(mediaTypeOfName('report.PDF')).toBe('application/pdf');
    expect(mediaTypeOfName('a.b.png')).toBe('image/png');
    expect(mediaTypeOfName('index.html')).toBe('text/html');
  });

  it('answers octet-stream for no, an unknown or a leading-dot extension', () => {
    for (const name of ['README', 'data.unknownext', '.png', 'trailing.']) {
      expect(mediaTypeOfName(name), name).toBe('application/octet-stream');
    }
  });
});
