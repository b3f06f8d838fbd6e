import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// The contract resolves to its TypeScript source, so the web build never waits for its build.
const contractAlias = {
  '@pasteport/contract': new URL('../../packages/contract/src/index.ts', import.meta.url).pathname,
};

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react(), precompress()],
  resolve: { alias: contractAlias },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8787', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries every page needs change less often than the app, so they get chunks of their
        // own that stay cached across releases. No catch-all group: that would pull libraries
        // only lazy features use (editor, renderers) into the first load.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
