import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPublicFile, officePreviewUrl, verifyFile } from '../features/file/api';
import { rawPasteUrl } from '../features/paste/api';
import { urlProxyPath } from '../features/upload/url-api';
import { ok, stubServer } from '../test/fake-server';
import { givenPublicFile } from '../test/kits/file-kit';
import { requestUrl } from '../test/kits/upload-kit';

/** The links and calls features build, on an API configured on another origin (config.js). */
const API = 'https://api.example.com/api';

const FILE = givenPublicFile({
  filename: 'report.pdf',
  size: 10,
  mimetype: 'application/pdf',
  created_at: '2026-11-01T00:00:00.000Z',
  preview_url: '/api/file-view/report?token=t',
  download_url: '/api/file-download/report?token=t',
});

beforeEach(() => {
  window.__PASTEPORT_CONFIG__ = { apiBaseUrl: API };
});
afterEach(() => {
  delete window.__PASTEPORT_CONFIG__;
});

describe('links and calls on the configured API host', () => {
  it('puts the raw link of a paste on the API host', () => {
    expect(rawPasteUrl('a b', 'pw')).toBe('https://api.example.com/api/raw/a%20b?password=pw');
  });

  it('sends the URL proxy to the API host', () => {
    expect(urlProxyPath('https://files.example/x?y=1')).toBe(
      `${API}/url/proxy?url=https%3A%2F%2Ffiles.example%2Fx%3Fy%3D1`,
    );
  });

  it('reads a file from the API host and makes its content links reach it', async () => {
    const fetchMock = stubServer({
      'GET /api/public/files/report': () => ok(FILE),
      'POST /api/public/files/report/verify': () =>
        ok({ ...FILE, access_token: 't', access_token_expires_at: '2999-01-01T00:00:00.000Z' }),
    });
    const file = await getPublicFile('report');
    expect(file).toMatchObject({
      preview_url: 'https://api.example.com/api/file-view/report?token=t',
      download_url: 'https://api.example.com/api/file-download/report?token=t',
    });
    const unlocked = await verifyFile('report', 'pw');
    expect(unlocked.download_url).toBe('https://api.example.com/api/file-download/report?token=t');
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls).toEqual([`${API}/public/files/report`, `${API}/public/files/report/verify`]);
  });

  it('gives the office viewer an address on the API host', async () => {
    stubServer({
      'GET /api/office-preview/report': () =>
        ok({ url: '/api/file-view/report?sig=s', expires_at: '2999-01-01T00:00:00.000Z' }),
    });
    expect(await officePreviewUrl('report')).toBe(
      'https://api.example.com/api/file-view/report?sig=s',
    );
  });
});
