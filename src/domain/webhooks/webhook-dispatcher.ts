import { performance } from 'node:perf_hooks';
import type { Clock } from '../../ports/clock.ts';
import { OutboundError, type OutboundHttp } from '../../ports/outbound-http.ts';
import type { DeliveryAttemptRecord, WebhookDeliveryRecord, WebhookDeliveryRepository } from '../../ports/webhook-delivery-repository.ts';
import type { WebhookSigner } from '../../ports/webhook-signer.ts';
import { createId } from '../ids.ts';
import { decodePageCursor, toPage } from '../pagination-cursor.ts';
import { verdictOfFailure, verdictOfStatus, type AttemptVerdict } from './attempt-verdict.ts';
import { nextAttemptTime } from './retry-schedule.ts';

export { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from './retry-schedule.ts';

export interface WebhookDispatcherOptions {
  /** This process, as recorded on the messages it claims. */
  owner: string;
  /** Seconds to wait after attempt 1, 2, 3…; a retryable failure past the last one fails the message. */
  retryScheduleSeconds: readonly number[];
  /** How long a claim holds; longer than `timeoutMs`, so that no other process claims a message in flight. */
  leaseMs: number;
  /** One attempt's deadline. */
  timeoutMs: number;
  userAgent: string;
}

export interface WebhookMessage {
  accountId: string;
  url: string;
  /** `run.completed`, `playbook.failed`… */
  type: string;
  data: Record<string, unknown>;
  runId?: string | null;
}

export interface DeliveryPage {
  deliveries: WebhookDeliveryRecord[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** Only the status matters; a little of the body is read so the exchange completes. */
const responseBytesRead = 1024;

/**
 * Sends messages to the addresses accounts gave, signed with the account's secret, until they are
 * delivered or hopeless. Messages are stored before anything is sent and each attempt is recorded, so a
 * restart loses none. A message is claimed before each attempt, so at most one attempt is in flight; a
 * process that dies mid-attempt leaves a claim that expires, and the message is sent again. Receivers
 * may therefore see a message twice, with the same `webhook-id` to tell.
 */
export class WebhookDispatcher {
  readonly #deliveries: WebhookDeliveryRepository;
  readonly #http: OutboundHttp;
  readonly #signer: WebhookSigner;
  readonly #secretOf: (accountId: string) => Promise<string | undefined>;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #options: WebhookDispatcherOptions;
  readonly #onAttempt: (delivery: WebhookDeliveryRecord, attempt: DeliveryAttemptRecord) => void;

  constructor(dependencies: {
    deliveries: WebhookDeliveryRepository;
    http: OutboundHttp;
    signer: WebhookSigner;
    secretOf: (accountId: string) => Promise<string | undefined>;
    clock: Clock;
    random?: () => number;
    options: WebhookDispatcherOptions;
    /** After each recorded attempt, with the message as that attempt left it. */
    onAttempt?: (delivery: WebhookDeliveryRecord, attempt: DeliveryAttemptRecord) => void;
  }) {
    if (dependencies.options.leaseMs <= dependencies.options.timeoutMs) {
      throw new Error(`The webhook lease (${dependencies.options.leaseMs} ms) must be longer than the attempt timeout (${dependencies.options.timeoutMs} ms)`);
    }
    this.#deliveries = dependencies.deliveries;
    this.#http = dependencies.http;
    this.#signer = dependencies.signer;
    this.#secretOf = dependencies.secretOf;
    this.#clock = dependencies.clock;
    this.#random = dependencies.random ?? Math.random;
    this.#options = dependencies.options;
    this.#onAttempt = dependencies.onAttempt ?? (() => undefined);
  }

  /** Stores a message, due now. Its body is fixed here: every attempt sends these exact bytes. */
  async enqueue(message: WebhookMessage): Promise<WebhookDeliveryRecord> {
    const delivery = this.prepare(message);
    await this.#deliveries.create(delivery);
    return delivery;
  }

  /** A message as it is stored, due now, for a caller that stores it in its own transaction (see finishRun). */
  prepare(message: WebhookMessage): WebhookDeliveryRecord {
    const now = this.#clock.now();
    return {
      id: createId('msg', now),
      accountId: message.accountId,
      url: message.url,
      eventType: message.type,
      payload: JSON.stringify({ type: message.type, timestamp: now.toISOString(), data: message.data }),
      runId: message.runId ?? null,
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now.toISOString(),
      leaseOwner: null,
      leaseExpiresAt: null,
      createdAt: now.toISOString(),
      completedAt: null,
      attempts: [],
    };
  }

  /**
   * Claims up to `limit` due messages and makes one attempt at each, all at once. Returns how many
   * attempts were made. A message whose attempt could not be recorded keeps its claim until it expires,
   * then is sent again; the errors are thrown together once every attempt has settled.
   */
  async deliverDue(limit = 20): Promise<number> {
    const now = this.#clock.now();
    const claimed = await this.#deliveries.claimDue({
      now: now.toISOString(),
      owner: this.#options.owner,
      leaseExpiresAt: new Date(now.getTime() + this.#options.leaseMs).toISOString(),
      limit,
    });
    const results = await Promise.allSettled(claimed.map((delivery) => this.#attempt(delivery)));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} of ${claimed.length} webhook attempts could not be completed`);
    return claimed.length;
  }

  /** The account's messages, newest first, with their attempts. */
  async list(accountId: string, page: { limit: number; cursor?: string | undefined }): Promise<DeliveryPage> {
    const after = page.cursor === undefined ? undefined : decodePageCursor(page.cursor);
    const { items, nextCursor } = toPage(await this.#deliveries.listByAccount(accountId, { limit: page.limit + 1, after }), page.limit);
    return { deliveries: items, nextCursor };
  }

  async #attempt(delivery: WebhookDeliveryRecord): Promise<void> {
    const number = delivery.attemptCount + 1;
    const startedAt = this.#clock.now();
    const started = performance.now();
    const { status, verdict } = await this.#send(delivery, startedAt);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const next = verdict.kind === 'retryable' ? nextAttemptTime(this.#options.retryScheduleSeconds, number, this.#clock.now(), this.#random) : undefined;
    const attempt: DeliveryAttemptRecord = {
      attempt: number,
      at: startedAt.toISOString(),
      status,
      error: verdict.kind === 'delivered' ? null : verdict.error,
      durationMs,
      outcome: verdict.kind === 'delivered' ? 'delivered' : next ? 'retry' : 'failed',
    };
    const nextAttemptAt = next?.toISOString() ?? null;
    const recorded = await this.#deliveries.recordAttempt(delivery.id, this.#options.owner, attempt, nextAttemptAt);
    // Not recorded: the claim expired and another process took the message over; its attempt counts.
    if (!recorded) return;
    const ended = attempt.outcome !== 'retry';
    this.#onAttempt(
      {
        ...delivery,
        status: attempt.outcome === 'retry' ? 'pending' : attempt.outcome,
        attemptCount: number,
        nextAttemptAt,
        leaseOwner: null,
        leaseExpiresAt: null,
        completedAt: ended ? attempt.at : null,
        attempts: [...delivery.attempts, attempt],
      },
      attempt,
    );
  }

  async #send(delivery: WebhookDeliveryRecord, timestamp: Date): Promise<{ status: number | null; verdict: AttemptVerdict }> {
    const secret = await this.#secretOf(delivery.accountId);
    // The secret was removed since the message was queued: an unsigned message is one receivers must not trust.
    if (!secret) return { status: null, verdict: { kind: 'final', error: 'no_secret' } };
    const signature = this.#signer.sign(secret, { id: delivery.id, timestamp, payload: delivery.payload });
    try {
      const response = await this.#http.request({
        url: delivery.url,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': this.#options.userAgent, ...signature },
        body: delivery.payload,
        timeoutMs: this.#options.timeoutMs,
        maxBytes: responseBytesRead,
        maxRedirects: 0,
      });
      return { status: response.status, verdict: verdictOfStatus(response.status) };
    } catch (error) {
      if (error instanceof OutboundError) return { status: null, verdict: verdictOfFailure(error) };
      throw error;
    }
  }
}
