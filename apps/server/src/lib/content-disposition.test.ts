import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

describe('contentDisposition', () => {
  it('is the bare type without a name', () => {
    expect(contentDisposition('inline')).toBe('inline');
    expect(contentDisposition('attachment', '')).toBe('attachment');
  });

  it('carries a UTF-8 name in filename* with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '报告 (final).pdf')).toBe(
      `attachment; filename="__ (final).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%28final%29.pdf`,
    );
  });

  it('cannot be broken out of by quotes, CR/LF or path separators', () => {
    const header = contentDisposition('attachment', 'a"b\r\nSet-Cookie: x=1/../c\\d');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="a_bSet-Cookie: x=1_.._c_d"');
    expect(header).toContain(`filename*=UTF-8''a%22bSet-Cookie%3A%20x%3D1_.._c_d`);
  });
});
