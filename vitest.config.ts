import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = (file: string) =>
  fileURLToPath(new URL(`./packages/contract/src/${file}`, import.meta.url));
// Tests run against the contract's TypeScript source: both entries, as apps/web's config does.
const alias = [
  { find: /^@pasteport\/contract$/, replacement: contractSrc('index.ts') },
  { find: /^@pasteport\/contract\/plain$/, replacement: contractSrc('plain.ts') },
];

// Tiers by file suffix: *.test.ts unit, *.int.test.ts integration, e2e/*.spec.ts browser.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit-node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Bound the work, not the time: a busy machine may be slow, never wrong.
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'apps/server/**/*.int.test.ts',
            'deploy/**/*.int.test.ts',
            'packages/cli/**/*.int.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Bound the work, not the time: a busy machine may be slow, never wrong.
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.spec.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // Bound the work, not the time (browser waits are bounded in e2e/browser.ts).
          testTimeout: 900_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
