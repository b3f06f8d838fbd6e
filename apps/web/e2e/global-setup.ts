import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { s3SettingsOf, startS3Server } from '../../server/test/s3-server.js';
import { ensureChromium } from './chromium.js';
import { REPO_ROOT, startBuiltServer } from './server.js';

/** The administrator the e2e server is started with. */
const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password-0' };

/**
 * Builds the whole app, starts the real server on a temp data dir and a random loopback port
 * and the S3-compatible test server, and makes sure Chromium is there. Specs get the base URL and browser path through `inject`.
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
  const [server, s3] = await Promise.all([
    startBuiltServer({
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    }),
    // The S3-compatible test server of the integration tier, for mounts on S3.
    startS3Server(),
  ]);
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('s3', s3SettingsOf(s3));
  project.provide('admin', E2E_ADMIN);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await Promise.all([server.stop(), s3.stop()]);
  };
}
