import { describe, expect, it } from 'vitest';
import { chunkFilesOf, filesLoadedBy, shellEntries } from './pwa';
import { webAppManifest } from './web-app-manifest';

const INDEX_HTML = `<!doctype html><html><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script src="/color-scheme.js"></script>
<script src="/config.js"></script>
<script type="module" crossorigin src="/assets/shell-AAAA.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-react-BBBB.js">
<link rel="stylesheet" crossorigin href="/assets/shell-CCCC.css">
<link rel="manifest" href="/manifest.webmanifest"></head></html>`;

const entry = (url: string) => ({ url, revision: null, size: 1 });

describe('filesLoadedBy', () => {
  it('reads the same-origin scripts, preloads and stylesheets of index.html', () => {
    expect([...filesLoadedBy(INDEX_HTML)].sort()).toEqual([
      'assets/shell-AAAA.js',
      'assets/shell-CCCC.css',
      'assets/vendor-react-BBBB.js',
      'color-scheme.js',
      'config.js',
      'favicon.svg',
      'manifest.webmanifest',
    ]);
  });
});

describe('chunkFilesOf', () => {
  const manifest = {
    'src/features/home/index.ts': {
      file: 'assets/home-1.js',
      css: ['assets/home-1.css'],
      imports: ['_api.js', '_shared.js'],
    },
    '_api.js': { file: 'assets/api-2.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-3.js' },
    'src/features/admin/index.ts': { file: 'assets/admin-4.js' },
  };

  it('follows static imports once each, with their CSS, and nothing else', () => {
    expect([...chunkFilesOf(manifest, ['src/features/home/index.ts'])].sort()).toEqual([
      'assets/api-2.js',
      'assets/home-1.css',
      'assets/home-1.js',
      'assets/shared-3.js',
    ]);
  });

  it('fails the build when a precached module is no longer a chunk', () => {
    expect(() => chunkFilesOf(manifest, ['src/features/gone/index.ts'])).toThrow(/gone/);
  });
});

describe('shellEntries', () => {
  it('keeps the shell, the given page files and both locales, and leaves config.js to the network', () => {
    const entries = [
      'index.html',
      'config.js',
      'color-scheme.js',
      'favicon.svg',
      'assets/shell-AAAA.js',
      'assets/shell-CCCC.css',
      'assets/vendor-react-BBBB.js',
      'assets/en-DDDD.js',
      'assets/zh-CN-EEEE.js',
      'assets/home-1.js',
      'assets/mermaid-FFFF.js',
      'assets/admin-4.js',
      'icons/icon-512.png',
    ].map(entry);
    const kept = shellEntries(entries, INDEX_HTML, new Set(['assets/home-1.js']));
    expect(kept.map((kept) => kept.url).sort()).toEqual([
      'assets/en-DDDD.js',
      'assets/home-1.js',
      'assets/shell-AAAA.js',
      'assets/shell-CCCC.css',
      'assets/vendor-react-BBBB.js',
      'assets/zh-CN-EEEE.js',
      'color-scheme.js',
      'favicon.svg',
      'index.html',
    ]);
  });
});

describe('web app manifest', () => {
  it('has what Chromium installs from: standalone, start URL, scope, 192 and 512 icons of both purposes', () => {
    expect(webAppManifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
    const icons = webAppManifest.icons ?? [];
    for (const sizes of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(icons).toContainEqual(expect.objectContaining({ sizes, purpose }));
      }
    }
  });

  it('shares into the app by a multipart POST with text, a link and files', () => {
    expect(webAppManifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        url: 'url',
        files: [{ name: 'files', accept: ['*/*'] }],
      },
    });
    expect(webAppManifest.shortcuts?.map((shortcut) => shortcut.url)).toEqual(['/', '/upload']);
  });
});
