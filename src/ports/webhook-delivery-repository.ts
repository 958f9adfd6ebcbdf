export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What happened to one attempt. `retry`: a later attempt is scheduled; `failed`: no more attempts. */
export type DeliveryAttemptOutcome = 'delivered' | 'retry' | 'failed';

export interface DeliveryAttemptRecord {
  /** 1, 2, 3… */
  attempt: number;
  at: string;
  /** The receiver's HTTP status; null when no response came (network error, timeout, refused address). */
  status: number | null;
  /** Why the attempt did not succeed (a failure kind and message); null when it did. */
  error: string | null;
  durationMs: number;
  outcome: DeliveryAttemptOutcome;
}

/** One outbound message (a callback) and its attempts. */
export interface WebhookDeliveryRecord {
  /** Also the `webhook-id` of every attempt, so receivers can de-duplicate. */
  id: string;
  accountId: string;
  url: string;
  /** `run.completed`, `run.failed`, `playbook.completed`, `playbook.failed`. */
  eventType: string;
  /** The JSON body sent, exactly; the same bytes on every attempt. */
  payload: string;
  /** The run the message is about, when there is one. */
  runId: string | null;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: string | null;
  /** The process sending an attempt now, and until when its claim holds. */
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Oldest first. */
  attempts: DeliveryAttemptRecord[];
}

export interface DeliveryCursor {
  createdAt: string;
  id: string;
}

/**
 * Durable outbound messages. Several processes send due messages; a message is claimed (conditionally,
 * atomically) before an attempt, so one attempt is in flight per message at a time.
 */
export interface WebhookDeliveryRepository {
  /** Stores a new message, `pending`, due at `nextAttemptAt`, with no attempts. */
  create(delivery: Omit<WebhookDeliveryRecord, 'attempts'>): Promise<void>;
  findById(id: string): Promise<WebhookDeliveryRecord | undefined>;
  /** The account's messages, newest first (creation time, then id), after the cursor when given, with their attempts. */
  listByAccount(accountId: string, options: { limit: number; after?: DeliveryCursor | undefined }): Promise<WebhookDeliveryRecord[]>;
  /**
   * Claims up to `limit` pending messages due by `now` (`nextAttemptAt <= now`) that nobody holds (no lease,
   * or a lease that expired before `now`), oldest due first, for `owner` until `leaseExpiresAt`.
   */
  claimDue(options: { now: string; owner: string; leaseExpiresAt: string; limit: number }): Promise<WebhookDeliveryRecord[]>;
  /**
   * Records an attempt by the claim's owner and releases the claim: `delivered` and `failed` end the message
   * (`completedAt` = the attempt's time, no next attempt); `retry` keeps it pending until `nextAttemptAt`.
   * False (nothing written) when `owner` no longer holds the claim.
   */
  recordAttempt(id: string, owner: string, attempt: DeliveryAttemptRecord, nextAttemptAt: string | null): Promise<boolean>;
}
