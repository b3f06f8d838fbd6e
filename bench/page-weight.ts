// Page weight: what a first visit of each route transfers, in Chromium with an empty cache.
// Part of `npm run bench` (run.ts); alone: `npm run build && tsx bench/page-weight.ts`.
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../apps/web/e2e/chromium.js';
import { freePort } from '../apps/server/test/free-port.js';
import { startPasteport } from './processes.js';

/** One route's first visit: bytes on the wire (headers and encoded bodies) and requests. */
export interface PageWeight {
  route: string;
  requests: number;
  /** Bytes received as Chromium counts them (CDP Network.loadingFinished encodedDataLength). */
  bytes: number;
  /** The bar: below the product we replace, and Home ≤ 600 kB. */
  goalBytes: number;
  /** CloudPaste 0.7's first visit of the same route, served gzip-compressed; null: not measured. */
  cloudPasteBytes: number | null;
  /**
   * The next visit of the same route in the same browser, once the service worker controls
   * it: bytes received for everything but /api/ calls (the app itself should come from the
   * worker), and how many of those requests went to the network.
   */
  repeatBytes: number;
  repeatRequests: number;
}

const KB = 1000;
/** The bar for a repeat visit (the goal): the app shell from the service worker. */
export const REPEAT_VISIT_GOAL_BYTES = 20 * KB;
/** A page is done loading once no request has started or ended for this long. */
const QUIET_MS = 2000;
const ROUTES: { route: string; signedIn: boolean; goal: number; cloudPaste: number | null }[] = [
  { route: '/', signedIn: false, goal: 600 * KB, cloudPaste: 906 * KB },
  { route: '/upload', signedIn: false, goal: 296 * KB, cloudPaste: 296 * KB },
  { route: '/paste/{slug}', signedIn: false, goal: 600 * KB, cloudPaste: null },
  { route: '/admin', signedIn: true, goal: 400 * KB, cloudPaste: 400 * KB },
  { route: '/mount-explorer', signedIn: true, goal: 702 * KB, cloudPaste: 702 * KB },
];

/** A Markdown paste with a heading, a list and a fenced code block, as people share them. */
const PASTE = [
  '# Release notes',
  '',
  'Some *Markdown* with `inline code`, a [link](https://example.com) and a list:',
  '',
  '- first',
  '- second',
  '',
  '```ts',
  'export const answer: number = 42;',
  '```',
  '',
].join('\n');

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Opens `url` in a fresh context (empty cache) and sums what Chromium received until idle;
 * then, once the service worker controls the page, visits it again and sums what came over
 * the network for anything but /api/ (SW-served answers count no bytes on the wire).
 */
async function firstVisit(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
): Promise<{ requests: number; bytes: number; repeatBytes: number; repeatRequests: number }> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let requests = 0;
    let bytes = 0;
    let appRequests = 0;
    let appBytes = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    const isApp = new Map<string, boolean>();
    cdp.on('Network.requestWillBeSent', (event) => {
      requests++;
      inFlight++;
      lastActivity = Date.now();
      isApp.set(event.requestId, !new URL(event.request.url).pathname.startsWith('/api/'));
    });
    cdp.on('Network.responseReceived', (event) => {
      if (isApp.get(event.requestId) && !event.response.fromServiceWorker) appRequests++;
    });
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      if (isApp.get(event.requestId)) appBytes += event.encodedDataLength;
      inFlight--;
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', () => {
      inFlight--;
      lastActivity = Date.now();
    });
    const settle = async () => {
      // The route's lazy chunk has rendered once its heading is there; what it loads in turn
      // (editor, renderers, API calls) is counted until the network has been quiet a while.
      await page.getByTestId('page-title').first().waitFor({ timeout: 300_000 });
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'load' });
    await settle();
    const first = { requests, bytes };

    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, {
      timeout: 300_000,
    });
    // A returning visitor's browser keeps its HTTP cache too.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    appRequests = 0;
    appBytes = 0;
    await page.goto(url, { waitUntil: 'load' });
    await settle();
    return { ...first, repeatBytes: appBytes, repeatRequests: appRequests };
  } finally {
    await context.close();
  }
}

/**
 * Visits each route of ROUTES on a running server, each in a fresh context: public routes as
 * an anonymous visitor, /admin and /mount-explorer signed in as the administrator (the sign-in
 * itself happens in another context, so its traffic is not counted).
 */
export async function measurePageWeight(
  baseUrl: string,
  admin: { username: string; password: string },
): Promise<PageWeight[]> {
  const { token } = await post<{ token: string }>(`${baseUrl}/api/admin/login`, admin);
  const { slug } = await post<{ slug: string }>(`${baseUrl}/api/paste`, { content: PASTE }, token);
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const signIn = await browser.newContext({ locale: 'en-US', baseURL: baseUrl });
    const page = await signIn.newPage();
    await page.goto('/admin');
    await page.getByRole('textbox', { name: /^Username/ }).fill(admin.username);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('input[name="password"]').press('Enter');
    await page.getByTestId('user-menu').waitFor();
    const storageState = await signIn.storageState();
    await signIn.close();

    const results: PageWeight[] = [];
    for (const r of ROUTES) {
      const url = baseUrl + r.route.replace('{slug}', slug);
      const visit = await firstVisit(browser, url, r.signedIn ? { storageState } : {});
      results.push({ route: r.route, ...visit, goalBytes: r.goal, cloudPasteBytes: r.cloudPaste });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** True when a route transfers no more than its goal, first and repeat visit. */
export const pageWeightMet = (w: PageWeight) =>
  w.bytes <= w.goalBytes && w.repeatBytes <= REPEAT_VISIT_GOAL_BYTES;

const kb = (bytes: number) => `${(bytes / KB).toFixed(0)} kB`;

/** The "Page weight" section of docs/BENCHMARKS.md. */
export function pageWeightMarkdown(weights: PageWeight[]): string[] {
  return [
    '## Page weight',
    '',
    'A first visit of each route in Chromium (headless, fresh context, cache disabled, en-US),',
    'until the network is idle: every request of the page (HTML, scripts, styles, fonts, API',
    'calls) and the bytes received for them (CDP `encodedDataLength`: headers plus the body as',
    'sent, so brotli-compressed where the server has a copy). /admin and /mount-explorer are',
    'visited signed in as the administrator. 1 kB = 1,000 bytes. CloudPaste 0.7 figures are its',
    'first visits of the same routes served gzip-compressed. The repeat visit is the same route',
    'again in the same browser once the service worker controls it (HTTP cache on): bytes and',
    "network requests of everything but /api/ calls. The worker's own fetches (its script's",
    'update check, `config.js` network-first, under 2 kB together) happen on its own target and',
    'are not in that count.',
    '',
    '| route | requests | transferred | goal | CloudPaste 0.7 | repeat visit (app, not API) | repeat goal |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...weights.map(
      (w) =>
        `| ${w.route} | ${w.requests} | ${kb(w.bytes)} | ≤ ${kb(w.goalBytes)} | ${w.cloudPasteBytes === null ? '—' : kb(w.cloudPasteBytes)} | ${kb(w.repeatBytes)} in ${w.repeatRequests} requests | ≤ ${kb(REPEAT_VISIT_GOAL_BYTES)} |`,
    ),
    '',
  ];
}

/** Goal lines for run.ts's summary. */
export function pageWeightGoals(weights: PageWeight[]): { name: string; met: boolean }[] {
  return weights.flatMap((w) => [
    {
      name: `first visit of ${w.route} ≤ ${kb(w.goalBytes)} (measured ${kb(w.bytes)})`,
      met: w.bytes <= w.goalBytes,
    },
    {
      name: `repeat visit of ${w.route} ≤ ${kb(REPEAT_VISIT_GOAL_BYTES)} besides the API (measured ${kb(w.repeatBytes)})`,
      met: w.repeatBytes <= REPEAT_VISIT_GOAL_BYTES,
    },
  ]);
}

async function main(): Promise<void> {
  const admin = { username: 'bench', password: 'bench-password-0123' };
  const server = await startPasteport(await freePort(), {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
  try {
    const weights = await measurePageWeight(server.url, admin);
    process.stdout.write(`${pageWeightMarkdown(weights).join('\n')}\n`);
    if (!weights.every(pageWeightMet)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
