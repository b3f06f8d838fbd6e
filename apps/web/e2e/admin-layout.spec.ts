import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser.js';
import { admin, adminToken, submitPassword, USERNAME } from './sign-in.js';

const browser = openBrowser();

/** The admin lists, each with the test id of its rows (table rows or cards). */
const LISTS = [
  { path: '/admin/text-management', row: 'paste-row', hasSlug: true },
  { path: '/admin/file-management', row: 'file-row', hasSlug: true },
  { path: '/admin/key-management', row: 'api-key-row', hasSlug: false },
  { path: '/admin/storage-config', row: 'storage-config-card', hasSlug: false },
] as const;

const LANGUAGES = [
  { name: 'English', locale: 'en-US', username: USERNAME.en },
  { name: 'Chinese', locale: 'zh-CN', username: USERNAME.zh },
] as const;

const LAPTOPS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

const PHONE = { width: 390, height: 844 };

async function api(path: string, init: { body: BodyInit; json?: boolean }) {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(init.json ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body,
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/** Long slugs, names and remarks: what made the columns wrap and the actions slide away. */
async function seed() {
  const tag = `layout${Date.now()}`;
  for (const n of [1, 2, 3]) {
    await api('/api/paste', {
      json: true,
      body: JSON.stringify({
        content: `# Notes ${n}\n\nSome text that makes a preview long enough to need truncating.`,
        slug: `${tag}-release-notes-${n}`,
        remark: `A remark long enough to fill its column and then some more words ${n}`,
      }),
    });
    const form = new FormData();
    form.append(
      'file',
      new Blob([`file ${n}`], { type: 'text/plain' }),
      `${tag}-quarterly-report-${n}.txt`,
    );
    form.append('slug', `${tag}-report-${n}`);
    form.append('remark', `Quarterly figures for the board meeting, part ${n}`);
    await api('/api/upload', { body: form });
    await api('/api/admin/api-keys', {
      json: true,
      body: JSON.stringify({
        name: `${tag} build server ${n}`,
        expires_at: null,
        text_permission: true,
        file_permission: true,
        mount_permission: n === 1,
        basic_path: `/projects/team-${n}/shared`,
      }),
    });
  }
}

async function signIn(page: Page, language: (typeof LANGUAGES)[number]) {
  await submitPassword(page, admin().username, admin().password, language.username);
  await page.getByTestId('user-menu').waitFor();
}

/** The "⋯" button of the first row (Mantine marks a menu's target with aria-haspopup). */
function firstRowMenu(page: Page, rowTestId: string): Locator {
  return page.getByTestId(rowTestId).first().locator('button[aria-haspopup="menu"]');
}

/**
 * Where the button is, and whether a click at its centre reaches it (not clipped by a
 * scrolling container, not covered by anything).
 */
async function placement(button: Locator) {
  const box = await button.boundingBox();
  if (!box) throw new Error('the row menu button has no box');
  const reachable = await button.evaluate(
    (element, { x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  return { box, reachable };
}

/** Heights in lines of every header cell of the list's table, by header text. */
async function headerLines(page: Page) {
  return page.locator('table thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const style = getComputedStyle(cell);
      const lineHeight =
        Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.55;
      const content =
        cell.clientHeight -
        Number.parseFloat(style.paddingTop) -
        Number.parseFloat(style.paddingBottom);
      return { text: cell.textContent ?? '', lines: content / lineHeight };
    }),
  );
}

/** The first row's slug link: how many line boxes it takes and its height in lines. */
async function slugLines(page: Page, rowTestId: string) {
  const link = page
    .getByTestId(rowTestId)
    .first()
    .locator('a[href^="/paste/"], a[href^="/file/"]')
    .first();
  return link.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight =
      Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.55;
    return {
      boxes: element.getClientRects().length,
      lines: element.getBoundingClientRect().height / lineHeight,
    };
  });
}

beforeAll(seed);

describe('admin lists fit a laptop', () => {
  for (const viewport of LAPTOPS) {
    for (const language of LANGUAGES) {
      it(`at ${viewport.width}×${viewport.height} in ${language.name}: actions in view, headers and slugs on one line`, async () => {
        const page = await browser.newPage({ viewport, locale: language.locale });
        await signIn(page, language);
        for (const list of LISTS) {
          await page.goto(list.path);
          const menu = firstRowMenu(page, list.row);
          await menu.waitFor();
          const { box, reachable } = await placement(menu);
          const where = `${list.path}: menu at ${JSON.stringify(box)}`;
          expect(box.x, where).toBeGreaterThanOrEqual(0);
          expect(box.y, where).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
          expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
          expect(reachable, `${where} is clipped or covered`).toBe(true);

          for (const header of await headerLines(page)) {
            expect(header.lines, `${list.path}: header "${header.text}"`).toBeLessThanOrEqual(2);
          }
          if (list.hasSlug) {
            const slug = await slugLines(page, list.row);
            expect(slug.boxes, `${list.path}: slug line boxes`).toBe(1);
            expect(slug.lines, `${list.path}: slug height in lines`).toBeLessThan(1.5);
          }
        }
      });
    }
  }
});

describe('admin lists on a phone', () => {
  for (const language of LANGUAGES) {
    it(`at ${PHONE.width}×${PHONE.height} in ${language.name}: cards with their actions in reach`, async () => {
      const page = await browser.newPage({
        viewport: PHONE,
        locale: language.locale,
        hasTouch: true,
        isMobile: true,
      });
      await signIn(page, language);
      for (const list of LISTS) {
        await page.goto(list.path);
        const menu = firstRowMenu(page, list.row);
        await menu.waitFor();
        expect(await page.locator('table').count(), `${list.path} shows a table`).toBe(0);
        expect(await page.getByTestId(list.row).count()).toBeGreaterThan(0);
        await menu.scrollIntoViewIfNeeded();
        const { box, reachable } = await placement(menu);
        const where = `${list.path}: menu at ${JSON.stringify(box)}`;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(PHONE.width);
        expect(reachable, `${where} is clipped or covered`).toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${list.path} scrolls sideways`).toBeLessThanOrEqual(0);

        await menu.click();
        // The menu opens on the next frame: wait for it before counting (count() does not wait).
        await page.getByRole('menu').getByRole('menuitem').first().waitFor();
        expect(await page.getByRole('menu').getByRole('menuitem').count()).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });
      }
    });
  }
});
