import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { ApiErrorInit } from '../../../lib/api/errors';
import { givenFileDetail, givenPublicFile } from '../../../test/kits/file-kit';
import { fencedSource } from './code-fence';
import { fileProblemOf, isFinalProblem } from './file-problem';
import { officeDocumentUrl, officeViewerUrl } from './office';
import { withSavedDetail, withSlugInLink } from './saved-file';
import { shownViews } from './view-count';
import { continuedVisit } from './visit-key';

function apiError(init: Partial<ApiErrorInit>): ApiError {
  return new ApiError({
    kind: 'http',
    context: 'file',
    transport: 'fetch',
    method: 'GET',
    url: '/api/public/files/a',
    ...init,
  });
}

const gone = (rule: string, field = 'file') => ({ field, rule, message: 'gone' });

describe('fileProblemOf', () => {
  it.each([
    [apiError({ status: 404, code: 'NOT_FOUND' }), 'notFound'],
    [apiError({ status: 404 }), 'notFound'],
    [apiError({ status: 404, code: 'ROUTE_NOT_FOUND' }), 'other'],
    [apiError({ status: 410, code: 'GONE', details: [gone('expired')] }), 'expired'],
    [apiError({ status: 410, code: 'GONE', details: [gone('view_limit')] }), 'viewLimit'],
    [apiError({ status: 410, code: 'GONE', details: [gone('source_removed')] }), 'sourceRemoved'],
    [apiError({ status: 410, code: 'GONE', details: [gone('view_limit', 'other')] }), 'viewLimit'],
    [apiError({ status: 410, code: 'GONE', details: [gone('constructor')] }), 'gone'],
    [apiError({ status: 410, code: 'GONE', serverMessage: 'this file has expired' }), 'gone'],
    [apiError({ kind: 'network' }), 'network'],
    [apiError({ kind: 'timeout' }), 'network'],
    [apiError({ status: 500, code: 'INTERNAL' }), 'other'],
    [new Error('boom'), 'other'],
  ])('%#: classifies as %s', (error, expected) => {
    expect(fileProblemOf(error)).toBe(expected);
  });

  it('treats missing and gone as final, failures to ask as retryable', () => {
    expect(isFinalProblem('notFound')).toBe(true);
    expect(isFinalProblem('expired')).toBe(true);
    expect(isFinalProblem('network')).toBe(false);
    expect(isFinalProblem('other')).toBe(false);
  });
});

describe('fencedSource', () => {
  it('wraps text in a fence with its language', () => {
    expect(fencedSource('{"a": 1}', 'json')).toBe('```json\n{"a": 1}\n```\n');
  });

  it('uses a fence longer than any backtick run inside, so the file cannot close it', () => {
    expect(fencedSource('a ```` b\n', 'md')).toBe('`````md\na ```` b\n`````\n');
  });
});

describe('officeViewerUrl', () => {
  const document = 'https://share.example/api/office/doc?sig=a&b=c';

  it('builds the Microsoft viewer link with the document encoded', () => {
    expect(officeViewerUrl('microsoft', document)).toBe(
      'https://view.officeapps.live.com/op/view.aspx?src=https%3A%2F%2Fshare.example%2Fapi%2Foffice%2Fdoc%3Fsig%3Da%26b%3Dc',
    );
  });

  it('builds the embedded Google viewer link', () => {
    const url = new URL(officeViewerUrl('google', document));
    expect(url.origin + url.pathname).toBe('https://docs.google.com/viewer');
    expect(url.searchParams.get('url')).toBe(document);
    expect(url.searchParams.get('embedded')).toBe('true');
  });

  it('refuses an unsupported provider and a document that is no absolute http(s) URL', () => {
    expect(() => officeViewerUrl('libreoffice', document)).toThrow(
      expect.objectContaining({ reason: 'unsupported_provider' }),
    );
    for (const bad of ['/api/office-file/x', 'javascript:alert(1)', '']) {
      expect(() => officeViewerUrl('microsoft', bad), bad).toThrow(
        expect.objectContaining({ reason: 'invalid_input' }),
      );
    }
  });
});

describe('officeDocumentUrl', () => {
  const fromServer = (slug: string) =>
    Promise.resolve(`https://share.example/api/office-file/${slug}`);

  it('asks the server for a slug and takes a directUrl as given (SPEC §5)', async () => {
    await expect(officeDocumentUrl('report', fromServer)).resolves.toBe(
      'https://share.example/api/office-file/report',
    );
    await expect(
      officeDocumentUrl({ directUrl: 'https://cdn.example/a.docx' }, fromServer),
    ).resolves.toBe('https://cdn.example/a.docx');
  });

  it('refuses anything else as invalid input', async () => {
    for (const bad of ['', { directUrl: '' }, { url: 'x' }, null, 42]) {
      await expect(officeDocumentUrl(bad, fromServer)).rejects.toMatchObject({
        reason: 'invalid_input',
      });
    }
  });
});

describe('after a save', () => {
  it('moves content links to the new slug and keeps their token', () => {
    expect(withSlugInLink('/api/file-view/old?token=t1', 'old', 'new name')).toBe(
      '/api/file-view/new%20name?token=t1',
    );
    expect(withSlugInLink('https://cdn.example/x/other', 'old', 'new')).toBe(
      'https://cdn.example/x/other',
    );
  });

  it('shows the saved fields and recomputes the views left', () => {
    const file = givenPublicFile({ slug: 'old', max_views: 0, remaining_views: null });
    const saved = givenFileDetail({ slug: 'new', filename: 'b.md', max_views: 5, views: 2 });
    expect(withSavedDetail(file, saved)).toMatchObject({
      slug: 'new',
      filename: 'b.md',
      max_views: 5,
      views: 2,
      remaining_views: 3,
      preview_url: '/api/file-view/new',
      download_url: '/api/file-download/new',
    });
  });
});

describe('shownViews', () => {
  it('adds this visit’s reads and takes them from the views left', () => {
    expect(shownViews({ views: 2, remaining_views: 3 }, 1)).toEqual({ views: 3, remaining: 2 });
    expect(shownViews({ views: 2, remaining_views: 1 }, 4)).toEqual({ views: 6, remaining: 0 });
    expect(shownViews({ views: 0, remaining_views: null }, 1)).toEqual({
      views: 1,
      remaining: null,
    });
  });
});

describe('continuedVisit', () => {
  it('reads the visit a rename carried over, and nothing else', () => {
    expect(continuedVisit({ fileVisit: 'old' })).toBe('old');
    expect(continuedVisit({ fileVisit: 3 })).toBeUndefined();
    expect(continuedVisit(null)).toBeUndefined();
    expect(continuedVisit('old')).toBeUndefined();
  });
});
