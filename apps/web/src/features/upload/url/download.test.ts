import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/kits/api-kit';
import { requestUrl } from '../../../test/kits/upload-kit';
import { DownloadError, downloadUrl } from './download';

const URL_TO_FETCH = 'https://files.example/report.pdf';

function bytes(size: number, headers: Record<string, string> = {}) {
  return new Response(new Uint8Array(size), { status: 200, headers });
}

describe('downloadUrl', () => {
  it('fetches the URL directly, reporting progress against Content-Length', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(bytes(1000, { 'content-length': '1000' }));
    const onProgress = vi.fn();
    const result = await downloadUrl(URL_TO_FETCH, {
      signal: new AbortController().signal,
      credential: { kind: 'admin', token: 't' },
      expectedSize: null,
      onProgress,
    });
    expect(result.viaProxy).toBe(false);
    expect(result.blob.size).toBe(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toBe(URL_TO_FETCH);
    expect(onProgress).toHaveBeenCalledWith(0, 1000);
    expect(onProgress).toHaveBeenLastCalledWith(1000, 1000);
  });

  it('falls back to the server proxy, with the credential, when the browser may not fetch', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(bytes(10));
    const onFallback = vi.fn();
    const result = await downloadUrl(URL_TO_FETCH, {
      signal: new AbortController().signal,
      credential: { kind: 'apikey', key: 'k1' },
      expectedSize: 10,
      onProgress: () => {},
      onFallback,
    });
    expect(result.viaProxy).toBe(true);
    expect(onFallback).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[1] ?? [];
    expect(requestUrl(input)).toBe(`/api/url/proxy?url=${encodeURIComponent(URL_TO_FETCH)}`);
    expect(new Headers(init?.headers).get('authorization')).toBe('ApiKey k1');
  });

  it('fails with the status of a bad answer, without trying the proxy', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(new Response('nope', { status: 404 }));
    const error = await downloadUrl(URL_TO_FETCH, {
      signal: new AbortController().signal,
      credential: undefined,
      expectedSize: null,
      onProgress: () => {},
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a cancelled download as cancelled', async () => {
    const fetchMock = stubFetch();
    const controller = new AbortController();
    fetchMock.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(
      downloadUrl(URL_TO_FETCH, {
        signal: controller.signal,
        credential: undefined,
        expectedSize: null,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
