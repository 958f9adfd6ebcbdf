import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, inPage, openConsole, saveScreenshot, seriousAxeViolations, startConsoleWorld, type ConsoleWorld } from '../support/console-browser.ts';

/** The console's frame in a real browser: served by the service, its own files only, strict CSP, keyboard and narrow screens. */
let world: ConsoleWorld;

beforeAll(async () => {
  world = await startConsoleWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe('the console shell', () => {
  it('is linked from / and served under a strict Content-Security-Policy', async () => {
    const root = await fetch(`${world.server.url}/`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console/');
    const index = await fetch(`${world.server.url}/console/`);
    expect(index.status).toBe(200);
    const policy = index.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    const traversal = await fetch(`${world.server.url}/console/..%2fpackage.json`);
    expect(traversal.status).toBe(404);
    expect(((await traversal.json()) as { code: string }).code).toBe('not_found');
  });

  it('signs in with an API key kept in session storage, never in the URL', async () => {
    const tab = await openConsole(world, { signedIn: false, path: '/runs' });
    try {
      const { page } = tab;
      await page.getByLabel('API key', { exact: true }).fill(world.apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(`Key ${world.apiKey.slice(0, 12)}`).waitFor();
      expect(await inPage(page, "sessionStorage.getItem('agentapi.apiKey')")).toBe(world.apiKey);
      expect(tab.requests.some((url) => url.includes(world.apiKey))).toBe(false);
      expect(await inPage(page, `!Object.values(localStorage).some((value) => value.includes(${JSON.stringify(world.apiKey)}))`)).toBe(true);
      expect(foreignRequests(tab, world.server.url)).toEqual([]);
      expect(tab.problems).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('refuses a wrong key with the service\'s message', async () => {
    const tab = await openConsole(world, { signedIn: false, path: '/runs' });
    try {
      await tab.page.getByLabel('API key', { exact: true }).fill('sk_not_a_real_key_000000000000');
      await tab.page.getByRole('button', { name: 'Sign in' }).click();
      await tab.page.getByRole('alert').waitFor();
      expect(await tab.page.getByRole('alert').textContent()).toMatch(/401/);
      expect(await inPage(tab.page, "sessionStorage.getItem('agentapi.apiKey')")).toBeNull();
    } finally {
      await tab.close();
    }
  });

  it('works at 375 px wide: the menu opens from a button and leads to every section', async () => {
    const tab = await openConsole(world, { width: 375, height: 812 });
    try {
      const { page } = tab;
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Models' }).click();
      await page.waitForURL(/#\/models/);
      const overflow = await inPage<number>(page, 'document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'shell-375px');
    } finally {
      await tab.close();
    }
  });

  it('switches between light and dark, and both pass the accessibility check', async () => {
    const tab = await openConsole(world, { colorScheme: 'light' });
    try {
      const { page } = tab;
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
      expect(await inPage(page, 'document.documentElement.dataset.theme')).toBe('dark');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'shell-dark');
      expect(tab.problems).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('can be used from the keyboard alone: skip link first, and a move to another page puts focus on its heading', async () => {
    const tab = await openConsole(world);
    try {
      const { page } = tab;
      await page.keyboard.press('Tab');
      expect(await inPage(page, 'document.activeElement?.textContent')).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await inPage(page, 'document.activeElement?.id')).toBe('main');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Models' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/models/);
      // (A locator, not waitForFunction: the page's policy refuses string evaluation, as it should.)
      await page.locator('main h1:focus').waitFor();
      expect(await inPage(page, 'document.activeElement?.textContent')).toBe(await page.locator('main h1').first().textContent());
    } finally {
      await tab.close();
    }
  });
});
