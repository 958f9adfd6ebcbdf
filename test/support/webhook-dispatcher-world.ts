import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { KyselyWebhookDeliveryRepository } from '../../src/adapters/db/repositories/webhook-delivery-repository.ts';
import { StandardWebhookSigner } from '../../src/adapters/webhooks/standard-webhook-signer.ts';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import type { OutboundHttp, OutboundRequest } from '../../src/ports/outbound-http.ts';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord } from '../../src/ports/webhook-delivery-repository.ts';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../src/domain/webhooks/webhook-dispatcher.ts';

/** What the dispatcher's tests share: a real SQLite database, a clock, and a receiver scripted answer by answer. */
export const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
export const signer = new StandardWebhookSigner();
export const start = new Date('2026-01-01T10:00:00.000Z');

/** One test's database, clock and receiver, made afresh before each test. */
export interface DispatcherWorld {
  database: Database;
  deliveries: KyselyWebhookDeliveryRepository;
  now: Date;
  sent: OutboundRequest[];
  /** What the receiver does next, one entry per request: a status, or a failure to reach it. */
  answers: (number | Error)[];
  secrets: Map<string, string>;
  randomValues: number[];
  observed: [WebhookDeliveryRecord, DeliveryAttemptRecord][];
}

const world = {} as DispatcherWorld;

const http: OutboundHttp = {
  request: async (request) => {
    world.sent.push(request);
    const answer = world.answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return { status: answer, headers: {}, body: '', finalUrl: request.url, redirects: [], truncated: false, elapsedMs: 1 };
  },
};

/** Gives each test of the calling file a fresh world, and closes its database after it. */
export function useDispatcherWorld(): DispatcherWorld {
  beforeEach(async () => {
    world.database = await openDatabase('sqlite::memory:');
    await migrateToLatest(world.database);
    world.deliveries = new KyselyWebhookDeliveryRepository(world.database.db);
    world.now = start;
    world.sent = [];
    world.answers = [];
    world.secrets = new Map([['account-1', secret]]);
    world.randomValues = [];
    world.observed = [];
  });
  afterEach(async () => {
    await world.database.close();
  });
  return world;
}

export function dispatcher(options: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcher {
  return new WebhookDispatcher({
    deliveries: world.deliveries,
    http,
    signer,
    secretOf: async (accountId) => world.secrets.get(accountId),
    clock: { now: () => world.now },
    random: () => world.randomValues.shift() ?? 0.5,
    options: { owner: 'this-process', retryScheduleSeconds: [10, 60, 300], leaseMs: 30_000, timeoutMs: 10_000, userAgent: 'agentapi-webhooks/test', ...options },
    onAttempt: (delivery, attempt) => world.observed.push([delivery, attempt]),
  });
}

export function enqueue(sender: WebhookDispatcher, accountId = 'account-1'): Promise<WebhookDeliveryRecord> {
  return sender.enqueue({ accountId, url: 'https://receiver.example/hooks', type: 'playbook.completed', data: { runId: 'pbr_1', status: 'done' }, runId: 'pbr_1' });
}

export async function stored(id: string): Promise<WebhookDeliveryRecord> {
  const delivery = await world.deliveries.findById(id);
  if (!delivery) throw new Error(`${id} was not stored`);
  return delivery;
}

/** Moves the clock to when the message is due again. */
export async function untilDue(id: string): Promise<void> {
  const { nextAttemptAt } = await stored(id);
  if (nextAttemptAt === null) throw new Error(`${id} is not due again`);
  world.now = new Date(nextAttemptAt);
}
