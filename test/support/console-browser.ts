import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { packageRoot } from '../../src/config/load-config.ts';
import { runCli, startServerProcess, type ServerProcess } from './server-process.ts';
import { freshSqliteUrl } from './test-databases.ts';

/** Debian's Chromium (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots of the console's pages, kept after the run as test artifacts. */
export const consoleArtifactsDir = join(packageRoot, 'test-artifacts/console');

export const consoleAdminToken = 'console-admin-token-0123456789';

/** A real server (its own process and SQLite database), an account with a key, and a browser. */
export interface ConsoleWorld {
  server: ServerProcess;
  env: Record<string, string>;
  apiKey: string;
  user: string;
  browser: Browser;
  stop(): Promise<void>;
}

export async function startConsoleWorld(options: { env?: Record<string, string>; user?: string; plan?: string } = {}): Promise<ConsoleWorld> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`The console's browser tests need Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const user = options.user ?? 'console-user';
  const env = { SAFETY_CRITIC: 'rubric', ADMIN_TOKEN: consoleAdminToken, DATABASE_URL: freshSqliteUrl(), ...options.env };
  const created = await runCli(['keys', 'create', '--user', user, '--plan', options.plan ?? 'growth', '--json'], env);
  if (created.code !== 0) throw new Error(`keys create failed: ${created.stderr}`);
  const apiKey = (JSON.parse(created.stdout) as { key: string }).key;
  const server = await startServerProcess(env);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    // As root in a container, without the network: no sandbox, and nothing that phones home.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  return {
    server,
    env,
    apiKey,
    user,
    browser,
    async stop() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

/** A console tab, with everything it asked for and every Content-Security-Policy violation it reported. */
export interface ConsoleTab {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested. */
  requests: string[];
  /** CSP violations and page errors, as text. */
  problems: string[];
  /** The service's origin: a request anywhere else is foreign. */
  origin: string;
  close(): Promise<void>;
}

export async function openConsole(world: ConsoleWorld, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; path?: string; signedIn?: boolean } = {}): Promise<ConsoleTab> {
  const context = await world.browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // Well inside the test's own time limit, so a missing element fails with Playwright's description of it.
  page.setDefaultTimeout(10_000);
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  if (options.signedIn !== false) {
    // The key goes where the sign-in form puts it: this tab's session storage.
    await context.addInitScript(`sessionStorage.setItem('agentapi.apiKey', ${JSON.stringify(world.apiKey)})`);
  }
  await page.goto(`${world.server.url}/console/${options.path ? `#${options.path}` : ''}`);
  await page.locator('main h1').first().waitFor();
  return { page, context, requests, problems, origin: world.server.url, close: () => context.close() };
}

/**
 * The value of an expression in the page. The tests are type-checked without the browser's types (they would
 * change `fetch`'s for the whole program), so what runs in the page is written as an expression.
 */
export function inPage<Result>(page: Page, expression: string): Promise<Result> {
  return page.evaluate<Result>(expression);
}

/** The tab's problems, less the browser's own note of each refusal the test asked for (it logs every 4xx and 5xx). */
export function unexpectedProblems(tab: ConsoleTab, ...statuses: readonly number[]): string[] {
  return tab.problems.filter((problem) => !statuses.some((status) => problem.includes(`Failed to load resource: the server responded with a status of ${status} `)));
}

/**
 * What every console test asserts of a tab it used: no page error or policy violation but the refusals it
 * asked for, no request to another origin, and with `axe`, no serious accessibility violation as it is now.
 */
export async function expectCleanTab(tab: ConsoleTab, options: { refused?: readonly number[]; axe?: boolean } = {}): Promise<void> {
  if (options.axe) expect(await seriousAxeViolations(tab.page)).toEqual([]);
  expect(unexpectedProblems(tab, ...(options.refused ?? []))).toEqual([]);
  expect(foreignRequests(tab, tab.origin)).toEqual([]);
}

/** No serious accessibility violation in the light theme, nor in the dark one (switched with the console's button); left light. */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
}

/** How far the page scrolls sideways: 0 or less when it fits its width. */
export function horizontalOverflow(page: Page): Promise<number> {
  return inPage<number>(page, 'document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** Requests that left the service's origin (there must be none). */
export function foreignRequests(tab: ConsoleTab, origin: string): string[] {
  return tab.requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && url !== 'about:blank' && !url.startsWith('about:srcdoc'));
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(consoleArtifactsDir, { recursive: true });
  const path = join(consoleArtifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.x A and AA rules on the page as it is now; only serious and critical violations are
 * returned. The script is evaluated through the browser's debugging protocol, so the page's CSP stays on.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(await axeSource);
  // An expression, not a function: the tests are type-checked without the browser's types.
  const violations = await page.evaluate<AxeViolation[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
    .then((result) => result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) })))`);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
