import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';
import { webAppManifest } from './web-app-manifest';

/**
 * Files the service worker precaches besides what index.html loads: the app's two locales (the
 * language can be switched offline), the favicon and the theme script. Everything else under
 * /assets/ (page chunks, the editor, renderers, fonts) is cached the first time it is used, so
 * installing the app never downloads the megabytes of features a person may never open.
 */
const ALSO_PRECACHED = [
  /^assets\/(?:en|zh-CN)-[\w-]+\.js$/,
  /^favicon\.svg$/,
  /^color-scheme\.js$/,
];

/** The same-origin files index.html loads: its scripts, module preloads and stylesheets. */
export function filesLoadedBy(indexHtml: string): Set<string> {
  const files = new Set<string>();
  for (const match of indexHtml.matchAll(/\s(?:src|href)="\/([^"?#]+)"/g)) {
    const file = match[1];
    if (file !== undefined) files.add(file);
  }
  return files;
}

/**
 * Modules whose chunks (and what they import statically) are precached with the shell: Home
 * with its editor, so the installed app's start page opens and writes a paste offline even
 * before it was first used online, and the offline database's two stores.
 */
const PRECACHED_MODULES = [
  'src/features/home/index.ts',
  'src/features/home/components/EditorWorkspace.tsx',
  // Loaded only once needed, which may first be offline: queueing an operation, and reading
  // this device's copy of a page on a cold start without a connection.
  'src/lib/offline-queue/queue-store.ts',
  'src/lib/offline-copies/store.ts',
  // The queue's panel is mostly opened offline.
  'src/features/offline-queue/OfflineQueuePanel.tsx',
];

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface BuildChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files of `modules` and of every chunk they import statically, with their CSS. */
export function chunkFilesOf(manifest: Record<string, BuildChunk>, modules: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

/**
 * Keeps the app shell: index.html, what it loads (config.js aside), the given page files
 * (Home's) and ALSO_PRECACHED.
 */
export function shellEntries<Entry extends ManifestEntry>(
  entries: Entry[],
  indexHtml: string,
  pageFiles: Set<string> = new Set(),
): Entry[] {
  const loaded = new Set([...filesLoadedBy(indexHtml), ...pageFiles]);
  // config.js is edited in place on static hosts: a precached copy would hide the edit until
  // the next release, so the service worker fetches it network-first instead.
  loaded.delete('config.js');
  return entries.filter(
    (entry) =>
      entry.url === 'index.html' ||
      loaded.has(entry.url) ||
      ALSO_PRECACHED.some((pattern) => pattern.test(entry.url)),
  );
}

/**
 * The service worker (src/sw/service-worker.ts, Workbox through vite-plugin-pwa's
 * injectManifest) and the web app manifest. Registration is the app's own (src/pwa), so the
 * plugin injects no script.
 */
export function pwa(): Plugin[] {
  let outDir = '';
  const resolveOutDir: Plugin = {
    name: 'pasteport-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [
    resolveOutDir,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: webAppManifest,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // Hashed names change with their bytes: no cache-busting revision, so installing
        // takes them from the HTTP cache the first visit just filled instead of downloading
        // them again.
        dontCacheBustURLsMatching: /^assets\//,
        // The shell's chunks are far below this; the limit only keeps a mistake from
        // precaching a renderer of several megabytes.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        manifestTransforms: [
          async (entries) => {
            const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
            const buildManifest = JSON.parse(
              await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
            ) as Record<string, BuildChunk>;
            const home = chunkFilesOf(buildManifest, PRECACHED_MODULES);
            return { manifest: shellEntries(entries, indexHtml, home), warnings: [] };
          },
        ],
      },
    }),
  ];
}
