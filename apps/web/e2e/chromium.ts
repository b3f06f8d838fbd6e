import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's chromium package puts the browser; CHROMIUM_PATH overrides it. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * Finds Chromium for the e2e tier. When it is missing and we run as root (CI, fresh machines)
 * it installs Debian's `chromium` package; otherwise it stops and names the package to install.
 */
export function ensureChromium(): string {
  const wanted = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${wanted} does not exist`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'The browser tests need Chromium. Install it with: sudo apt-get install -y chromium ' +
        '(or set CHROMIUM_PATH to a Chromium binary).',
    );
  }
  console.log(
    '[e2e] Chromium is missing; installing the Debian package "chromium" (about a minute)…',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(DEFAULT_CHROMIUM))
    throw new Error('apt-get installed chromium but /usr/bin/chromium is missing');
  return DEFAULT_CHROMIUM;
}

/** Flags that keep headless Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
