import { describe, expect, it } from 'vitest';
import { TEXT_PREVIEW_MAX_BYTES } from '../../file/preview-kind';
import { linkKindOf, mountPreviewSource } from './preview-source';

describe('linkKindOf', () => {
  it('asks for an inline link when the preview shows the content', () => {
    expect(linkKindOf({ name: 'a.png', mimetype: 'image/png', size: 10 })).toBe('inline');
    expect(linkKindOf({ name: 'a.md', mimetype: null, size: 10 })).toBe('inline');
  });

  it('asks for a download link when only the download card is shown', () => {
    expect(linkKindOf({ name: 'a.bin', mimetype: 'application/octet-stream', size: 10 })).toBe(
      'download',
    );
    expect(linkKindOf({ name: 'a.log', mimetype: null, size: TEXT_PREVIEW_MAX_BYTES + 1 })).toBe(
      'download',
    );
  });
});

describe('mountPreviewSource', () => {
  it('previews, downloads and hands the Office viewer the same link, made absolute', () => {
    const source = mountPreviewSource(
      { name: 'deck.pptx', mimetype: null, size: 5 },
      '/api/fs/link/abc?sig=1',
      'https://pasteport.example',
    );
    expect(source).toEqual({
      filename: 'deck.pptx',
      mimetype: '',
      size: 5,
      previewUrl: '/api/fs/link/abc?sig=1',
      downloadUrl: '/api/fs/link/abc?sig=1',
      publicUrl: 'https://pasteport.example/api/fs/link/abc?sig=1',
      token: undefined,
      downloadable: true,
    });
  });

  it('keeps an absolute link as it is', () => {
    const link = 'https://bucket.s3.example/a.docx?X-Amz-Signature=1';
    expect(
      mountPreviewSource({ name: 'a.docx', mimetype: null, size: 1 }, link, 'https://x').publicUrl,
    ).toBe(link);
  });
});
