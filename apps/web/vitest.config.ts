import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Same aliases as vite.config.ts: tests run against the contract's TypeScript source.
const contractSrc = (file: string) =>
  new URL(`../../packages/contract/src/${file}`, import.meta.url).pathname;

/** The web unit tier: jsdom, Testing Library, files named *.test.ts(x) beside the code. */
export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@pasteport\/contract$/, replacement: contractSrc('index.ts') },
      { find: /^@pasteport\/contract\/plain$/, replacement: contractSrc('plain.ts') },
    ],
  },
  test: {
    name: 'unit-web',
    root: new URL('.', import.meta.url).pathname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Tests bound their work, not their time: a loaded machine may be slow, never wrong.
    // The limits only catch a test that hangs (setup.ts gives Testing Library's waits the same).
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
