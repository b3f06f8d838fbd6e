import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../server/test/free-port.js';
import { ensureChromium } from './chromium.js';
import { REPO_ROOT, startBuiltServer } from './server.js';

/**
 * Builds the whole app, starts the real server on a temp data dir and a random loopback port,
 * and makes sure Chromium is there. Specs get the base URL and browser path through `inject`.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (process.env.PASTEPORT_E2E_SKIP_BUILD !== '1') {
    console.log('[e2e] building the app…');
    // Vitest sets NODE_ENV=test; the browser must get the production build users get.
    execSync('npm run build', {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const server = await startBuiltServer(await freePort());
  project.provide('baseUrl', server.baseUrl);
  project.provide('chromiumPath', chromiumPath);
  return () => server.stop();
}
