import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAdminToken, expectCleanTab, foreignRequests, horizontalOverflow, inPage, openConsole, saveScreenshot, seriousAxeViolations, startConsoleWorld, unexpectedProblems, type ConsoleTab, type ConsoleWorld } from '../support/console-browser.ts';
import { requestBody, startLocalTestServer, type LocalTestServer } from '../support/local-test-server.ts';
import { startServerProcess } from '../support/server-process.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * The Webhooks and Admin pages in a real browser against a real server: the signing secret rotated from the
 * page and checked with signed triggers, callbacks to a local receiver seen in the deliveries log, and an
 * operator's key and plan work behind the admin token.
 */
let world: ConsoleWorld;
let receiver: LocalTestServer;
/** Statuses the receiver answers per path, one per request, then 200. */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  receiver = await startLocalTestServer((request, response) => {
    const path = request.url ?? '/';
    void requestBody(request).then(() => response.writeHead(answers.get(path)?.shift() ?? 200).end());
  });
  world = await startConsoleWorld({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '1,1,1', WEBHOOK_POLL_MS: '100' } });
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await receiver?.close();
});

function api(path: string, init: { method?: string; key?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${world.server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${init.key ?? world.apiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A trigger signed as a Standard Webhooks sender signs it, with the given secret. */
function signedTrigger(secret: string): Promise<Response> {
  const body = JSON.stringify({ agent: 'summarize', prompt: 'Summarize: the console rotated the secret.' });
  const id = `msg_${randomUUID()}`;
  const at = new Date();
  const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
  return fetch(`${world.server.url}/api/webhooks/trigger?account=${world.user}`, { method: 'POST', headers, body });
}

interface ListedDelivery {
  id: string;
  runId: string;
  status: string;
}

/** Starts a run whose callback goes to the receiver's `path`, and waits until its delivery is done. */
async function deliveredCallback(path: string): Promise<ListedDelivery> {
  const started = await api('/api/webhooks/trigger', { body: { agent: 'summarize', prompt: `Summarize: a callback to ${path}.`, callbackUrl: `${receiver.origin}${path}` } });
  expect(started.status).toBe(202);
  const { runId } = (await started.json()) as { runId: string };
  return waitFor(async () => {
    const listed = (await (await api('/api/webhooks/deliveries')).json()) as { data: ListedDelivery[] };
    return listed.data.find((delivery) => delivery.runId === runId && delivery.status === 'delivered');
  }, { timeoutMs: 20_000, intervalMs: 100, what: `the delivery to ${path}` });
}




/** Opens the confirmation dialog with `open`, checks it is a labelled modal, and confirms it. */
async function confirmIn(tab: ConsoleTab, open: () => Promise<void>, title: string, confirm: string): Promise<void> {
  await open();
  const dialog = tab.page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  expect(await inPage(tab.page, "document.querySelector('dialog[open]')?.matches(':modal')")).toBe(true);
  expect(await inPage(tab.page, 'document.activeElement?.textContent')).toBe('Cancel');
  expect(await seriousAxeViolations(tab.page)).toEqual([]);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

let currentSecret = '';

describe('the Webhooks page', () => {
  it('makes and rotates the signing secret after a confirmation, shows it once, and the API uses the new one at once', async () => {
    const tab = await openConsole(world, { path: '/webhooks' });
    try {
      const { page } = tab;
      await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
      const rotate = page.getByRole('button', { name: 'Create or rotate secret' });

      // Cancel changes nothing.
      await rotate.click();
      await page.getByRole('dialog', { name: 'Make a new signing secret?' }).getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByLabel('New signing secret', { exact: true }).count()).toBe(0);
      expect(await inPage(page, 'document.activeElement?.textContent')).toBe('Create or rotate secret');

      await confirmIn(tab, () => rotate.click(), 'Make a new signing secret?', 'Make new secret');
      const field = page.getByLabel('New signing secret', { exact: true });
      const first = await field.inputValue();
      expect(first).toMatch(/^whsec_/);
      expect(await field.getAttribute('readonly')).not.toBeNull();
      await page.locator('main').getByText('Copy it now: it will not be shown again.').waitFor();
      await page.getByRole('heading', { name: 'Your first signing secret' }).waitFor();
      expect((await signedTrigger(first)).status).toBe(202);

      await confirmIn(tab, () => rotate.click(), 'Make a new signing secret?', 'Make new secret');
      await page.getByRole('heading', { name: 'New secret (the previous one no longer verifies)' }).waitFor();
      currentSecret = await field.inputValue();
      expect(currentSecret).toMatch(/^whsec_/);
      expect(currentSecret).not.toBe(first);
      // The API retires the old secret at once: only the new one verifies.
      expect((await signedTrigger(first)).status).toBe(401);
      expect((await signedTrigger(currentSecret)).status).toBe(202);

      await page.getByRole('button', { name: 'Copy the new signing secret' }).click();
      await page.locator('main').getByText('Copied to the clipboard.').waitFor();
      expect(await inPage(page, 'navigator.clipboard.readText()')).toBe(currentSecret);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'webhooks-secret');

      // Shown once: leaving the page drops it, and nothing in the tab's storage keeps it.
      await page.goto(`${world.server.url}/console/#/runs`);
      await page.goto(`${world.server.url}/console/#/webhooks`);
      await page.getByRole('button', { name: 'Create or rotate secret' }).waitFor();
      expect(await page.getByLabel('New signing secret', { exact: true }).count()).toBe(0);
      const secret = JSON.stringify(currentSecret);
      expect(await inPage(page, `document.body.textContent.includes(${secret}) || [...Object.values(sessionStorage), ...Object.values(localStorage)].some((value) => value.includes(${secret}))`)).toBe(false);
      expect(tab.problems).toEqual([]);
      expect(foreignRequests(tab, world.server.url)).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('lists deliveries newest first, each opening to its every attempt, and refreshes', async () => {
    answers.set('/flaky', [500]);
    const flaky = await deliveredCallback('/flaky');
    const steady = await deliveredCallback('/steady');
    const tab = await openConsole(world, { path: '/webhooks' });
    try {
      const { page } = tab;
      const table = page.getByRole('table', { name: 'Webhook deliveries, newest first' });
      await table.waitFor();
      const toggles = table.getByRole('button', { name: /^Attempts of delivery / });
      expect(await toggles.allTextContents()).toEqual([steady.id, flaky.id]);
      expect(await table.getByRole('link', { name: steady.runId }).getAttribute('href')).toBe(`#/runs/${steady.runId}`);

      const toggle = table.getByRole('button', { name: `Attempts of delivery ${flaky.id}` });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const attempts = page.getByRole('table', { name: `Attempts of delivery ${flaky.id}, oldest first` });
      await attempts.waitFor();
      const rows = await attempts.locator('tbody tr').evaluateAll((elements) => elements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim())));
      expect(rows.map((cells) => [cells[0], cells[2], cells[3], cells[5]])).toEqual([['1', '500', 'retry', 'http_500'], ['2', '200', 'delivered', '—']]);
      expect(rows[0]?.[6]).toMatch(/^retried /);
      await expectCleanTab(tab, { axe: true });
      await saveScreenshot(page, 'webhooks-deliveries');

      const third = await deliveredCallback('/third');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await table.getByRole('button', { name: `Attempts of delivery ${third.id}` }).waitFor();
      expect(await toggles.count()).toBe(3);
      // An open delivery stays open across a refresh.
      expect(await table.getByRole('button', { name: `Attempts of delivery ${flaky.id}` }).getAttribute('aria-expanded')).toBe('true');
    } finally {
      await tab.close();
    }
  });

  it('passes the accessibility check in dark, with the dialog open too, and fits 375 px', async () => {
    const dark = await openConsole(world, { path: '/webhooks', colorScheme: 'dark' });
    try {
      await dark.page.getByRole('table', { name: 'Webhook deliveries, newest first' }).waitFor();
      await dark.page.getByRole('button', { name: /^Attempts of delivery / }).first().click();
      await expectCleanTab(dark, { axe: true });
      await dark.page.getByRole('button', { name: 'Create or rotate secret' }).click();
      await dark.page.getByRole('dialog', { name: 'Make a new signing secret?' }).waitFor();
      expect(await seriousAxeViolations(dark.page)).toEqual([]);
      await saveScreenshot(dark.page, 'webhooks-dialog-dark');
      await dark.page.keyboard.press('Escape');
      await dark.page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await dark.close();
    }
    const narrow = await openConsole(world, { path: '/webhooks', width: 375, height: 812 });
    try {
      await narrow.page.getByRole('table', { name: 'Webhook deliveries, newest first' }).waitFor();
      expect(await horizontalOverflow(narrow.page)).toBeLessThanOrEqual(0);
      await saveScreenshot(narrow.page, 'webhooks-375px');
    } finally {
      await narrow.close();
    }
  });
});

describe('the Admin page', () => {
  it('asks for the admin token, refuses a wrong one with the API’s message, keeps the right one in the tab and forgets it on request', async () => {
    const tab = await openConsole(world, { path: '/admin', signedIn: false });
    try {
      const { page } = tab;
      const token = page.getByLabel('Admin token', { exact: true });
      await token.fill('not-the-admin-token-0000000000');
      await page.getByRole('button', { name: 'Use token' }).click();
      await page.getByRole('alert').getByText('Admin routes need Authorization: Bearer <ADMIN_TOKEN>').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('HTTP 401');
      expect(await inPage(page, "sessionStorage.getItem('agentapi.adminToken')")).toBeNull();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await token.fill(consoleAdminToken);
      await page.getByRole('button', { name: 'Use token' }).click();
      await page.getByRole('table', { name: 'API keys' }).getByText(world.user).waitFor();
      expect(await inPage(page, "sessionStorage.getItem('agentapi.adminToken')")).toBe(consoleAdminToken);
      expect(tab.requests.some((url) => url.includes(consoleAdminToken))).toBe(false);

      await page.getByRole('button', { name: 'Forget token' }).click();
      await page.getByLabel('Admin token', { exact: true }).waitFor();
      expect(await inPage(page, "sessionStorage.getItem('agentapi.adminToken')")).toBeNull();
      expect(unexpectedProblems(tab, 401)).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('creates a key shown once, revokes a key after a confirmation (it then gets 401), and changes a plan', async () => {
    const tab = await openConsole(world, { path: '/admin' });
    try {
      const { page } = tab;
      await page.getByLabel('Admin token', { exact: true }).fill(consoleAdminToken);
      await page.getByRole('button', { name: 'Use token' }).click();
      const createForm = page.getByRole('form', { name: 'Create a key' });
      await createForm.waitFor();
      // The plans offered are the ones the service accepts (config/plans.yaml).
      const optionsOf = (label: string) => createForm.getByLabel(label, { exact: true }).locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value')));
      expect(await optionsOf('Plan on /api')).toEqual(['', 'free', 'starter', 'growth', 'node', 'enterprise']);
      expect(await optionsOf('Plan on /api/v1')).toEqual(['', 'free', 'pro', 'enterprise']);
      expect(await createForm.getByLabel('Plan on /api', { exact: true }).locator('option', { hasText: 'growth' }).textContent()).toBe('growth: Growth, 500 requests a day');

      await createForm.getByLabel('User', { exact: false }).fill('console-new-user');
      await createForm.getByLabel('Name', { exact: true }).fill('ci');
      await createForm.getByLabel('Plan on /api', { exact: true }).selectOption('starter');
      await createForm.getByLabel('Plan on /api/v1', { exact: true }).selectOption('pro');
      await createForm.getByRole('button', { name: 'Create key' }).click();
      const keyField = page.getByLabel('New API key', { exact: true });
      await keyField.waitFor();
      const key = await keyField.inputValue();
      await page.locator('main').getByText('Copy it now: it will not be shown again.').waitFor();
      const usage = (await (await api('/api/usage', { key })).json()) as { data: { api: { plan: string }; v1: { plan: string } } };
      expect([usage.data.api.plan, usage.data.v1.plan]).toEqual(['starter', 'pro']);
      const prefix = key.slice(0, 20);
      const keysTable = page.getByRole('table', { name: 'API keys' });
      await keysTable.getByText(prefix).waitFor();
      expect(await keysTable.getByRole('row', { name: new RegExp(prefix) }).textContent()).toContain('starter, pro');
      await expectCleanTab(tab, { axe: true });
      await saveScreenshot(page, 'admin-create-key');

      await confirmIn(tab, () => keysTable.getByRole('button', { name: `Revoke key ${prefix} of console-new-user` }).click(), `Revoke key ${prefix}?`, 'Revoke key');
      const state = keysTable.locator(`[data-prefix="${prefix}"]`);
      await state.getByText('revoked').waitFor();
      expect(await inPage(page, "document.activeElement?.getAttribute('data-prefix')")).toBe(prefix);
      expect(await keysTable.getByRole('button', { name: `Revoke key ${prefix} of console-new-user` }).count()).toBe(0);
      expect((await api('/api/usage', { key })).status).toBe(401);

      const plansForm = page.getByRole('form', { name: 'Account plans' });
      await plansForm.getByLabel('Account', { exact: false }).fill(world.user);
      await plansForm.getByLabel('New plan on /api', { exact: true }).selectOption('node');
      await plansForm.getByRole('button', { name: 'Change plan' }).click();
      await page.locator('main').getByText(`${world.user} is now on node on /api and free on /api/v1.`).waitFor();
      const changed = (await (await api('/api/usage')).json()) as { data: { api: { plan: string } } };
      expect(changed.data.api.plan).toBe('node');
      // The list shows the account's new plan.
      await keysTable.getByRole('row', { name: new RegExp(world.user) }).getByText('node, free').waitFor();

      // A refusal is shown as the API says it.
      await plansForm.getByLabel('Account', { exact: false }).fill('nobody-here');
      await plansForm.getByLabel('New plan on /api', { exact: true }).selectOption('growth');
      await plansForm.getByRole('button', { name: 'Change plan' }).click();
      await page.getByRole('alert').getByText('Account "nobody-here" does not exist').waitFor();

      // Shown once: the key is gone after leaving the page.
      await page.goto(`${world.server.url}/console/#/runs`);
      await page.goto(`${world.server.url}/console/#/admin`);
      await page.getByRole('table', { name: 'API keys' }).waitFor();
      expect(await page.getByLabel('New API key', { exact: true }).count()).toBe(0);
      await saveScreenshot(page, 'admin-keys');
      expect(unexpectedProblems(tab, 404)).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('passes the accessibility check in dark, with the revoke dialog open too, and fits 375 px', async () => {
    const dark = await openConsole(world, { path: '/admin', colorScheme: 'dark' });
    try {
      await dark.page.getByLabel('Admin token', { exact: true }).fill(consoleAdminToken);
      await dark.page.getByRole('button', { name: 'Use token' }).click();
      await dark.page.getByRole('table', { name: 'API keys' }).waitFor();
      await expectCleanTab(dark, { axe: true });
      await dark.page.getByRole('button', { name: /^Revoke key / }).first().click();
      await dark.page.getByRole('dialog', { name: /^Revoke key / }).waitFor();
      expect(await seriousAxeViolations(dark.page)).toEqual([]);
      await saveScreenshot(dark.page, 'admin-dialog-dark');
      await dark.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await dark.close();
    }
    const narrow = await openConsole(world, { path: '/admin', width: 375, height: 812 });
    try {
      await narrow.page.getByLabel('Admin token', { exact: true }).fill(consoleAdminToken);
      await narrow.page.getByRole('button', { name: 'Use token' }).click();
      await narrow.page.getByRole('table', { name: 'API keys' }).waitFor();
      expect(await horizontalOverflow(narrow.page)).toBeLessThanOrEqual(0);
      await saveScreenshot(narrow.page, 'admin-375px');
    } finally {
      await narrow.close();
    }
  });

  it('on a service without ADMIN_TOKEN, says what the API answers', async () => {
    const { ADMIN_TOKEN: _token, ...env } = world.env;
    const bare = await startServerProcess({ ...env, DATABASE_URL: freshSqliteUrl() });
    const tab = await openConsole({ ...world, server: bare }, { path: '/admin', signedIn: false });
    try {
      await tab.page.getByLabel('Admin token', { exact: true }).fill(consoleAdminToken);
      await tab.page.getByRole('button', { name: 'Use token' }).click();
      const alert = tab.page.getByRole('alert');
      await alert.getByText('The admin API is not enabled: set ADMIN_TOKEN to enable it').waitFor();
      expect(await alert.textContent()).toContain('HTTP 404');
      expect(await inPage(tab.page, "sessionStorage.getItem('agentapi.adminToken')")).toBeNull();
      expect(unexpectedProblems(tab, 404)).toEqual([]);
    } finally {
      await tab.close();
      await bare.stop();
    }
  });
});
