import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../storage';
import { createApiClient } from './client';
import {
  absoluteApiUrl,
  apiBaseUrl,
  apiHostOverride,
  apiLink,
  configuredApiHosts,
  normalizeApiBase,
  readRuntimeConfig,
  serverRootUrl,
  setApiHostOverride,
} from './host';
import { fetchCall, jsonResponse, stubFetch } from '../../test/kits/api-kit';

afterEach(() => {
  delete window.__PASTEPORT_CONFIG__;
  localStorage.clear();
});

describe('normalizeApiBase', () => {
  it.each([
    ['/api', '/api'],
    ['/api/', '/api'],
    ['/', '/api'],
    ['https://api.example.com/api', 'https://api.example.com/api'],
    ['https://api.example.com/api/', 'https://api.example.com/api'],
    ['https://api.example.com', 'https://api.example.com/api'],
    ['  http://127.0.0.1:8787/  ', 'http://127.0.0.1:8787/api'],
    ['https://example.com/paste/api', 'https://example.com/paste/api'],
  ])('reads %j as %j', (input, expected) => {
    expect(normalizeApiBase(input)).toBe(expected);
  });

  it.each([
    '',
    'api.example.com',
    '//api.example.com/api',
    'javascript:alert(1)',
    'ftp://example.com/api',
    'https://user:pw@example.com/api',
    'https://example.com/api?x=1',
    'https://example.com/api#top',
    'https://example.com/api#',
    42,
    undefined,
  ])('refuses %j', (input) => {
    expect(normalizeApiBase(input)).toBeUndefined();
  });
});

describe('the runtime configuration (config.js)', () => {
  it('falls back to same-origin /api without a config', () => {
    expect(apiBaseUrl()).toBe('/api');
    expect(configuredApiHosts()).toEqual([]);
  });

  it('reads apiBaseUrl and keeps only well-formed named hosts', () => {
    expect(
      readRuntimeConfig({
        apiBaseUrl: 'https://api.example.com/',
        apiHosts: [
          { name: 'Production', url: 'https://api.example.com/api' },
          { name: ' Staging ', url: 'https://staging.example.com' },
          { name: '', url: 'https://nameless.example.com' },
          { name: 'Broken', url: 'not a url' },
          'https://bare-string.example.com',
          null,
        ],
      }),
    ).toEqual({
      apiBaseUrl: 'https://api.example.com/api',
      apiHosts: [
        { name: 'Production', url: 'https://api.example.com/api' },
        { name: 'Staging', url: 'https://staging.example.com/api' },
      ],
    });
  });

  it('ignores a malformed apiBaseUrl', () => {
    expect(readRuntimeConfig({ apiBaseUrl: 'ftp://x', apiHosts: 'none' })).toEqual({
      apiBaseUrl: '/api',
      apiHosts: [],
    });
  });

  it('uses the window config, and the switcher override over it', () => {
    window.__PASTEPORT_CONFIG__ = { apiBaseUrl: 'https://api.example.com/api' };
    expect(apiBaseUrl()).toBe('https://api.example.com/api');
    setApiHostOverride('https://staging.example.com/api');
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBe('https://staging.example.com/api');
    expect(apiHostOverride()).toBe('https://staging.example.com/api');
    expect(apiBaseUrl()).toBe('https://staging.example.com/api');
    setApiHostOverride(undefined);
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBeNull();
    expect(apiBaseUrl()).toBe('https://api.example.com/api');
  });

  it('ignores a stored override that is not an API base', () => {
    localStorage.setItem(STORAGE_KEYS.apiHost, 'javascript:alert(1)');
    expect(apiHostOverride()).toBeUndefined();
    expect(apiBaseUrl()).toBe('/api');
  });
});

describe('links on the API host', () => {
  it('resolves links the server wrote against the API origin', () => {
    const base = 'https://api.example.com/api';
    expect(apiLink('/api/file-view/a%20b?token=t', base)).toBe(
      'https://api.example.com/api/file-view/a%20b?token=t',
    );
    expect(apiLink('https://bucket.example.com/x?sig=1', base)).toBe(
      'https://bucket.example.com/x?sig=1',
    );
  });

  it('leaves links alone while the API is on the app origin', () => {
    expect(apiLink('/api/file-view/x', '/api')).toBe('/api/file-view/x');
  });

  it('builds absolute API URLs on the configured host or this origin', () => {
    expect(absoluteApiUrl('/raw/abc', 'https://api.example.com/api').toString()).toBe(
      'https://api.example.com/api/raw/abc',
    );
    expect(absoluteApiUrl('/raw/abc', '/api').toString()).toBe(
      `${window.location.origin}/api/raw/abc`,
    );
  });

  it('names the server behind the API in use, for programs outside this page', () => {
    expect(serverRootUrl('/api', 'https://app.example.com')).toBe('https://app.example.com');
    expect(serverRootUrl('https://api.example.com/api', 'https://app.example.com')).toBe(
      'https://api.example.com',
    );
    expect(serverRootUrl('https://example.com/pp/api/', 'https://app.example.com')).toBe(
      'https://example.com/pp',
    );
    expect(serverRootUrl('https://example.com/custom', 'https://app.example.com')).toBe(
      'https://example.com',
    );
    // The switcher's choice wins over this page's origin.
    setApiHostOverride('https://other.example.com/api');
    expect(serverRootUrl()).toBe('https://other.example.com');
    setApiHostOverride(undefined);
    expect(serverRootUrl()).toBe(window.location.origin);
  });
});

describe('the API client on the configured host', () => {
  it('sends every call to the base read at call time', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { code: 200, success: true, data: {} })),
    );
    const client = createApiClient();
    await client.request('/health');
    window.__PASTEPORT_CONFIG__ = { apiBaseUrl: 'https://api.example.com/api' };
    await client.request('/health', { query: { a: 1 } });
    setApiHostOverride('http://127.0.0.1:9000/api');
    await client.request('/paste', { method: 'POST', body: { content: 'x' } });
    expect(fetchCall(fetchMock, 0).url).toBe('/api/health');
    expect(fetchCall(fetchMock, 1).url).toBe('https://api.example.com/api/health?a=1');
    expect(fetchCall(fetchMock, 2).url).toBe('http://127.0.0.1:9000/api/paste');
  });
});
