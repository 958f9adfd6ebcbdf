import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { parseConfig } from '../../src/config/load-config.ts';
import { buildContainer, type Container } from '../../src/container.ts';
import { buildApp } from '../../src/http/build-app.ts';
import type { HttpOptions } from '../../src/http/http-services.ts';

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  /** Creates an account with a key and returns the key; on the largest plans unless told otherwise, so limits stay out of the way. */
  createKey(user?: string, plans?: { apiPlan?: string; v1Plan?: string }): Promise<string>;
  close(): Promise<void>;
}

/** The real service, in process, on a real database; requests go through app.inject(). Silent unless given a logger. */
/** `workers: false` leaves the playbook and webhook workers unstarted, for tests of the HTTP side alone. */
export async function startTestApp(options: { databaseUrl: string; env?: Record<string, string>; migrate?: boolean; http?: Partial<HttpOptions>; logger?: Logger; workers?: boolean }): Promise<TestApp> {
  // A key per app: tests never write a key file into the working tree.
  const parsed = parseConfig({ DATABASE_URL: options.databaseUrl, LOG_LEVEL: 'silent', WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'), ...options.env });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const container = await buildContainer(parsed.config, options.logger ?? pino({ level: 'silent' }));
  if (options.migrate !== false) await container.migrate();
  if (options.workers !== false) {
    container.startPlaybookWorker();
    container.startWebhookWorker();
  }
  const app = await buildApp(container.services, { ...container.httpOptions, version: 'test', ...options.http }, container.logger);
  await app.ready();
  let counter = 0;
  return {
    app,
    container,
    async createKey(user, plans) {
      counter += 1;
      const created = await container.services.accounts.createKey({ accountId: user ?? `user-${counter}`, apiPlan: 'enterprise', v1Plan: 'enterprise', ...plans });
      return created.key;
    },
    async close() {
      await app.close();
      await container.close();
    },
  };
}

export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}
