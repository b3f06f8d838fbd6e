import { describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';

const browser = openBrowser();

describe('the API reference at /api/docs', () => {
  it('renders every route from this server alone, with no CSP violation or console error', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const probe = window as unknown as { __cspViolations: string[] };
      probe.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        probe.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock-summary-path', { hasText: '/api/paste/{slug}' }).first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(60);
    // Both ways to authenticate are offered.
    await page.locator('button.authorize').waitFor();

    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    expect([...origins].filter((origin) => origin !== 'null')).toEqual([
      new URL(browser.baseUrl()).origin,
    ]);
  });
});
