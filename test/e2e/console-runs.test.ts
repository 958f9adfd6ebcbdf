import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '../../console/src/app/api-types.ts';
import { formatUsd } from '../../console/src/app/format.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { expectCleanTab, horizontalOverflow, openConsole, saveScreenshot, seriousAxeViolations, startConsoleWorld, type ConsoleTab, type ConsoleWorld } from '../support/console-browser.ts';

/**
 * The console's Playbooks and Runs sections in a real browser against a real server. Every provider is the
 * local upstream simulator, so a step's model call takes as long as the test says: long enough to see a run
 * mid-way and to cancel it while it runs.
 */
let simulator: UpstreamSimulator;
let world: ConsoleWorld;

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  world = await startConsoleWorld({
    env: { ...allProvidersAt(simulator), SAFETY_JUDGE: 'off', CIRCUIT_FAILURE_THRESHOLD: '1000', UPSTREAM_TIMEOUT_MS: '20000' },
  });
}, 60_000);

afterAll(async () => {
  await world?.stop();
  await simulator?.close();
});

/** Each model call answers after `ms`. */
function modelLatency(ms: number): void {
  simulator.setFaults({ default: { latencyMs: ms } });
}

async function api<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${world.server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const contentMachine = { playbook_id: 'content-machine', inputs: { topic: 'bookkeeping for freelancers', tone: 'casual' }, async: true };

async function startContentMachine(): Promise<string> {
  const started = await api<{ runId: string }>('/api/playbooks/run', contentMachine);
  expect(started.status).toBe(202);
  return started.body.runId;
}

/**
 * Opens a tab, runs the checks, and asserts the tab stayed on this origin with no CSP violation or page error
 * (the browser logs each refused request too: those of `answeredWith`, the refusals the test asked for, are expected).
 */
async function inTab(options: Parameters<typeof openConsole>[1], check: (page: Page, tab: ConsoleTab) => Promise<void>, answeredWith: number[] = []): Promise<void> {
  const tab = await openConsole(world, options);
  try {
    await check(tab.page, tab);
    await expectCleanTab(tab, { refused: answeredWith });
  } finally {
    await tab.close();
  }
}


/** The description of a term in a `.facts` list. */
function fact(page: Page, list: string, term: string) {
  return page.locator(`${list} > dt:text-is("${term}") + dd`);
}

function runStatus(page: Page, status: string) {
  return page.locator(`.run-title [data-status="${status}"]`);
}

function stepStatus(page: Page, stepIndex: number, status: string) {
  return page.locator(`li[data-step="${stepIndex}"] .step-head [data-status="${status}"]`);
}

/** The page's document, as the test reads it (the test's own types do not include the DOM). */
interface PageDocument {
  activeElement: { getAttribute(name: string): string | null; textContent: string | null } | null;
  getElementById(id: string): { textContent: string | null } | null;
}

async function announced(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => (globalThis as unknown as { document: PageDocument }).document.getElementById('announcer')?.textContent?.includes(wanted) ?? false, text, { timeout: 15_000 });
}

describe('the console\'s playbooks and runs', () => {
  it('lists the playbooks with their steps, in light and dark, and at 375 px', async () => {
    await inTab({ path: '/playbooks' }, async (page) => {
      const card = page.locator('.playbook-card', { has: page.getByRole('heading', { name: 'Content Machine', level: 2 }) });
      await card.waitFor();
      expect(await card.locator('.playbook-steps li').allTextContents()).toEqual([expect.stringContaining('blog-gen'), expect.stringContaining('smart-router')]);
      expect(await page.locator('main h1').allTextContents()).toEqual(['Playbooks']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-playbooks');
      await page.getByLabel('Find a playbook', { exact: true }).fill('smart-router blog');
      await page.getByText(/^\d+ of \d+ playbooks shown\.$/).waitFor();
      expect(await page.locator('.playbook-card:visible h2').allTextContents()).toContain('Content Machine');
      expect(await page.locator('.playbook-card:visible h2').allTextContents()).not.toContain('Lead Blitz');
      await card.getByRole('link', { name: 'Start Content Machine' }).click();
      await page.getByRole('heading', { name: 'Content Machine', level: 1 }).waitFor();
      expect(page.url()).toMatch(/#\/playbooks\/content-machine$/);
    });
    await inTab({ path: '/playbooks', colorScheme: 'dark' }, async (page) => {
      await page.locator('.playbook-card').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    await inTab({ path: '/playbooks', width: 375, height: 812 }, async (page) => {
      await page.locator('.playbook-card').first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'runs-playbooks-375px');
    });
  });

  it('starts a playbook from its form, then follows its steps live to the end', async () => {
    modelLatency(1500);
    await inTab({ path: '/playbooks/content-machine' }, async (page, tab) => {
      await page.getByLabel('Topic', { exact: false }).first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-playbook-form');

      // The service checks the inputs; its issues show under their fields and focus goes to the first.
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.locator('.field-error', { hasText: 'Required: Topic' }).waitFor();
      expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.activeElement?.getAttribute('name'))).toBe('topic');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.locator('input[name="topic"]').fill(contentMachine.inputs.topic);
      await page.locator('select[name="tone"]').selectOption('casual');
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.waitForURL(/#\/runs\/run_/);
      const runId = /#\/runs\/(run_[a-z0-9]+)/.exec(page.url())?.[1] ?? '';

      // Mid-way: the first step done, the second running, the bar at 50%, the completion announced.
      await stepStatus(page, 0, 'done').waitFor({ timeout: 15_000 });
      await announced(page, 'Step 1 of 2, blog-gen, is done.');
      await stepStatus(page, 1, 'running').waitFor();
      expect(await page.getByRole('progressbar', { name: /Progress: 50%/ }).getAttribute('value')).toBe('50');
      expect(await page.getByRole('button', { name: 'Cancel run' }).isVisible()).toBe(true);
      await saveScreenshot(page, 'runs-run-live');

      await runStatus(page, 'done').waitFor({ timeout: 15_000 });
      await announced(page, 'The run is done.');
      expect(await page.getByRole('progressbar', { name: /Progress: 100%/ }).getAttribute('value')).toBe('100');
      expect(await page.getByRole('button', { name: 'Cancel run' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Resume run' }).isVisible()).toBe(false);
      expect(await page.locator('.run-inputs').textContent()).toContain(contentMachine.inputs.topic);
      // Followed over the event stream, not by polling the run.
      expect(tab.requests.filter((url) => url.endsWith(`/api/runs/${runId}/events`))).toHaveLength(1);

      await page.getByText('Output of step 1').click();
      await page.locator('li[data-step="0"] .json-view').waitFor();
      expect(await page.locator('li[data-step="0"] .json-view').textContent()).toContain('"model"');

      // What the run went through, as the service recorded it: its cost, and each step's task, model calls and safety verdicts.
      const { body: { data: run } } = await api<{ data: Run }>(`/api/runs/${runId}`);
      expect(run.usage?.costUsd).toBeGreaterThan(0);
      expect(await fact(page, '.run-facts', 'Cost').textContent()).toBe(formatUsd(run.usage?.costUsd));
      expect(await fact(page, '.run-facts', 'Tokens').textContent()).toMatch(/^[\d,]+ in, [\d,]+ out$/);
      const firstStep = page.locator('li[data-step="0"]');
      await firstStep.getByText('Input of step 1', { exact: true }).click();
      const prompt = await firstStep.locator('.run-step-prompt').textContent();
      expect(prompt).toContain(contentMachine.inputs.topic);
      expect(prompt).toContain(contentMachine.inputs.tone);
      expect(prompt).toBe(run.steps[0]?.input?.prompt);
      const safety = page.getByRole('table', { name: 'Safety layers of step 1', exact: true });
      const layers = await Promise.all((await safety.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allTextContents()).slice(0, 3)));
      expect(layers.slice(0, 3)).toEqual([['jailbreak', 'input', 'pass'], ['pii', 'input', 'pass'], ['content', 'input', 'pass']]);
      expect(layers.map(([layer]) => layer)).toContain('critic');
      const stepModel = await fact(page, 'li[data-step="0"] .facts', 'Model').textContent();
      expect(stepModel).toBeTruthy();
      expect(await page.getByRole('table', { name: 'Model attempts of step 1', exact: true }).locator('tbody tr td:first-child').allTextContents()).toContain(stepModel);
      expect(await fact(page, 'li[data-step="0"] .facts', 'Cost').textContent()).toBe(formatUsd(run.steps[0]?.usage?.costUsd));
      expect(await fact(page, 'li[data-step="0"] .facts', 'Routing').textContent()).toContain(run.steps[0]?.routing?.reason ?? 'a routing reason');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.evaluate('scrollTo(0, 0)');
      await saveScreenshot(page, 'runs-run-done');
    }, [400]);
  });

  it('cancels a running run after confirming, then resumes it to the end', async () => {
    modelLatency(4000);
    const runId = await startContentMachine();
    await inTab({ path: `/runs/${runId}` }, async (page) => {
      await runStatus(page, 'running').waitFor();
      const cancel = page.getByRole('button', { name: 'Cancel run' });
      await cancel.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this run?' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep it running' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await runStatus(page, 'running').count()).toBe(1);

      await cancel.click();
      await dialog.getByRole('button', { name: 'Yes, cancel the run' }).click();
      await runStatus(page, 'canceled').waitFor();
      // Cancel is gone with the running state; the keyboard goes on from Resume.
      await page.waitForFunction(() => (globalThis as unknown as { document: PageDocument }).document.activeElement?.textContent === 'Resume run');
      await announced(page, 'The run was canceled.');
      expect(await stepStatus(page, 1, 'canceled').count()).toBe(1);
      expect(await cancel.isVisible()).toBe(false);
      await saveScreenshot(page, 'runs-run-canceled');

      modelLatency(100);
      await page.getByRole('button', { name: 'Resume run' }).click();
      await runStatus(page, 'done').waitFor({ timeout: 20_000 });
      expect(await page.locator('.run-steps .step-head .run-status').allTextContents()).toEqual(['done', 'done']);
    });
  });

  it('shows a failed step with its error, and resumes the failed run', async () => {
    simulator.setFaults({ default: { failureRate: 1, failWith: { type: 'http', status: 400, message: 'simulated refusal' } } });
    const runId = await startContentMachine();
    await inTab({ path: `/runs/${runId}` }, async (page) => {
      await runStatus(page, 'failed').waitFor({ timeout: 25_000 });
      expect(await stepStatus(page, 0, 'failed').count()).toBe(1);
      expect(await stepStatus(page, 1, 'skipped').count()).toBe(1);
      expect(await page.locator('li[data-step="0"] .notice-error').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Cancel run' }).isVisible()).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-run-failed');

      modelLatency(100);
      await page.getByRole('button', { name: 'Resume run' }).click();
      await runStatus(page, 'done').waitFor({ timeout: 20_000 });
      await announced(page, 'The run is done.');
    });
  }, 60_000);

  it('lists every run newest first, with filters kept in the URL, Load more, and live updates', async () => {
    modelLatency(0);
    for (let index = 0; index < 21; index += 1) {
      const answer = await api<unknown>('/api/agents/smart-router', { prompt: `Which agents should write launch email number ${index}?` });
      expect(answer.status).toBe(200);
    }
    await inTab({ path: '/runs' }, async (page) => {
      const rows = page.locator('.run-list tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(20);
      // What each run cost: the agent runs just made, from their own usage.
      expect(await page.locator('.run-list thead th').allTextContents()).toContain('Cost');
      const costColumn = (await page.locator('.run-list thead th').allTextContents()).indexOf('Cost') + 1;
      expect(await rows.first().locator(`td:nth-child(${costColumn})`).textContent()).toMatch(/^\$\d/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-list');
      await page.getByRole('button', { name: 'Load more' }).click();
      await rows.nth(20).waitFor();
      expect(await rows.count()).toBeGreaterThan(20);

      await page.getByLabel('Kind', { exact: true }).selectOption('playbook');
      await page.getByLabel('Status', { exact: true }).selectOption('done');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/kind=playbook/);
      expect(page.url()).toContain('status=done');
      // The playbook runs of the tests above, all done in the end; none of the agent runs. The unfiltered rows
      // stay until the filtered page replaces them, so the count is awaited, not read once.
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
      const filtered = await rows.count();
      expect(new Set(await rows.locator('td:nth-child(3)').allTextContents())).toEqual(new Set(['playbook']));
      expect(new Set(await rows.locator('td:nth-child(2)').allTextContents())).toEqual(new Set(['done']));
      expect(await page.getByLabel('Kind', { exact: true }).inputValue()).toBe('playbook');

      // A run started elsewhere shows up without a reload.
      modelLatency(100);
      await startContentMachine();
      await rows.nth(filtered).waitFor({ timeout: 15_000 });
      await announced(page, '1 new run');

      await page.getByRole('button', { name: 'Clear' }).click();
      await page.waitForURL((url) => !url.hash.includes('kind='));
      await rows.filter({ hasText: 'smart-router' }).first().getByRole('link').click();
      await page.getByRole('heading', { name: 'smart-router run', level: 1 }).waitFor();
      expect(await page.getByRole('region', { name: 'Result' }).textContent()).toContain('"model"');
      // An agent run's model calls and safety layers.
      expect(await page.getByRole('table', { name: 'Model attempts', exact: true }).locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await page.getByRole('table', { name: 'Safety layers', exact: true }).locator('tbody td:first-child').allTextContents()).toContain('jailbreak');
      expect(await fact(page, '.run-facts', 'Routing').textContent()).toMatch(/^classification, \w+ policy: /);
      expect(await page.getByRole('button', { name: 'Cancel run' }).isVisible()).toBe(false);
      await saveScreenshot(page, 'runs-agent-run');
    });
    await inTab({ path: '/runs?kind=playbook', colorScheme: 'dark' }, async (page) => {
      await page.locator('.run-list tbody tr').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-list-dark');
    });
    await inTab({ path: '/runs', width: 375, height: 812 }, async (page) => {
      await page.locator('.run-list tbody tr').first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'runs-list-375px');
    });
  });

  it('shows a finished run and the playbook form in dark and at 375 px', async () => {
    modelLatency(0);
    const runId = await startContentMachine();
    await inTab({ path: `/runs/${runId}`, colorScheme: 'dark' }, async (page) => {
      await runStatus(page, 'done').waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'runs-run-dark');
    });
    await inTab({ path: '/playbooks/content-machine', colorScheme: 'dark' }, async (page) => {
      await page.locator('.run-playbook-form').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    await inTab({ path: `/runs/${runId}`, width: 375, height: 812 }, async (page) => {
      await runStatus(page, 'done').waitFor({ timeout: 15_000 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'runs-run-375px');
    });
    await inTab({ path: '/playbooks/content-machine', width: 375, height: 812 }, async (page) => {
      await page.locator('.run-playbook-form').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'runs-playbook-form-375px');
    });
  });

  it('says so when a run does not exist', async () => {
    await inTab({ path: '/runs/run_doesnotexist' }, async (page) => {
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('HTTP 404 · not_found');
      expect(await page.getByRole('link', { name: 'All runs' }).isVisible()).toBe(true);
    }, [404]);
  });
});
