import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStyles } from './build/mantine-styles';
import { precompress } from './build/precompress';
import { pwa } from './build/pwa';

// The contract resolves to its TypeScript source, so the web build never waits for its build.
// Two entries: the schemas (index) and the zod-free part the first load uses (plain).
const contractSrc = (file: string) =>
  new URL(`../../packages/contract/src/${file}`, import.meta.url).pathname;
const contractAlias = [
  { find: /^@pasteport\/contract$/, replacement: contractSrc('index.ts') },
  { find: /^@pasteport\/contract\/plain$/, replacement: contractSrc('plain.ts') },
];

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [mantineStyles(), react(), ...pwa(), precompress()],
  resolve: { alias: contractAlias },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8787', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page needs (the service worker precaches
    // Home's, build/pwa.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every page needs change less often than the app, so they get chunks of their
        // own that stay cached across releases. vendor-mantine holds only what the shell renders
        // ($initial: reached by static imports from the entry); a component only a lazy page
        // uses travels with that page. Everything else the entry needs statically is one
        // `shell` chunk instead of a dozen small shared ones (each request costs ~500 bytes of
        // headers). No catch-all for the rest: libraries only lazy features use (editor,
        // renderers) stay out of the first load.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'shell', tags: ['$initial'] },
            {
              // The app's own sharing and transfer kit, which the upload page and the mount
              // explorer both use: one chunk instead of a dozen of a few hundred bytes each.
              // Narrow on purpose (see lazy-ui below): only these leaf modules, not what they
              // import.
              name: 'share-kit',
              test: /src[\\/](components[\\/](share-options[\\/]|CopyValueButton|QrCode|PasswordField)|lib[\\/](expiry|storage-config-name|transfer[\\/])|features[\\/]upload[\\/](api|upload-failure|upload-step|option-rules|components[\\/]TransferProgress))/,
              minShareCount: 2,
            },
            {
              // Mantine's Table (admin lists, explorer) in a chunk of its own: in a merged
              // lazy-ui group it would bring its sheet to pages that show no table (/upload).
              name: 'mantine-table',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]/,
            },
            {
              // UI library code two or more lazy pages share, grouped by the pages that use it
              // (small sets merged) instead of one tiny chunk per component. Only these
              // libraries: grouping app modules would drag their imports (the contract's
              // schemas, zod) into chunks a page loads before it validates anything.
              name: 'lazy-ui',
              test: /node_modules[\\/](@mantine|@tabler|@floating-ui|react-number-format|react-remove-scroll|react-transition-group)[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 40_000,
            },
          ],
        },
        // A merged group's name lists every page sharing it; the hash alone tells them apart.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('lazy-ui') ? 'assets/lazy-ui-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.startsWith('lazy-ui'))
            ? 'assets/lazy-ui-[hash][extname]'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
