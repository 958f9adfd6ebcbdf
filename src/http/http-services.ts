import type { AccountService, AuthenticatedAccount } from '../domain/accounts/account-service.ts';
import type { AgentCatalog } from '../domain/agents/agent-catalog.ts';
import type { AnalyticsService } from '../domain/analytics/analytics-service.ts';
import type { AgentRunner } from '../domain/agents/agent-runner.ts';
import type { EmbeddingService } from '../domain/embeddings/embedding-service.ts';
import type { PlaybookCatalog } from '../domain/playbooks/playbook-catalog.ts';
import type { PlaybookRunFollower } from '../domain/playbooks/playbook-run-follower.ts';
import type { PlaybookService } from '../domain/playbooks/playbook-service.ts';
import type { IdempotencyService } from '../domain/idempotency/idempotency-service.ts';
import type { ModelRegistry } from '../domain/routing/model-registry.ts';
import type { ModelRouter } from '../domain/routing/model-router.ts';
import type { WebhookDispatcher } from '../domain/webhooks/webhook-dispatcher.ts';
import type { WebhookSecretService } from '../domain/webhooks/webhook-secret-service.ts';
import type { BackgroundAgentRuns } from '../domain/runs/background-agent-runs.ts';
import type { RunDirectory } from '../domain/runs/run-directory.ts';
import type { RunContexts } from '../domain/runs/run-context.ts';
import type { SignedTriggerVerifier } from '../domain/webhooks/signed-trigger-verifier.ts';
import type { RunEventBus } from '../ports/run-event-bus.ts';
import type { SchemaInspector } from '../ports/schema-inspector.ts';
import type { ReadinessProbe } from '../domain/operations/readiness-probe.ts';
import type { Telemetry } from '../ports/telemetry.ts';

/** Everything the routes call. Built once in the composition root. */
export interface HttpServices {
  accounts: AccountService;
  catalog: AgentCatalog;
  playbooks: PlaybookCatalog;
  playbookRuns: PlaybookService;
  playbookFollower: PlaybookRunFollower;
  /** Signals every process of the service hears: run events, and MCP calls canceled from another process (mcp-call-cancellation.ts). */
  signals: RunEventBus;
  /** Agent runs accepted by a trigger and executed later. */
  backgroundRuns: BackgroundAgentRuns;
  /** Every run of an account, by id and as a list (the /api/runs routes). */
  runs: RunDirectory;
  /** Signature authentication of inbound triggers. */
  triggerVerifier: SignedTriggerVerifier;
  runner: AgentRunner;
  /** POST /v1/embeddings: the texts screened, counted and recorded as runs are, then embedded. */
  embeddings: EmbeddingService;
  /** The plan, routing policy and meter a caller's runs start under: every entry point gets them here. */
  runContexts: RunContexts;
  router: ModelRouter;
  registry: ModelRegistry;
  schema: SchemaInspector;
  /** Whether this process can serve now (GET /readyz): the database and Redis asked afresh, at most once a second. */
  readiness: ReadinessProbe;
  webhookSecrets: WebhookSecretService;
  webhookDeliveries: WebhookDispatcher;
  /** Idempotency-Key on the POSTs that start work: claims and stored responses. */
  idempotency: IdempotencyService;
  /** Usage reports over the run log (GET /api/analytics). */
  analytics: AnalyticsService;
  /** Where each answered request is reported, and what GET /metrics serves. */
  telemetry: Telemetry & MetricsExposition;
}

/** This process's metrics in a scraper's text format. */
export interface MetricsExposition {
  /** The format's media type, sent as Content-Type. */
  readonly contentType: string;
  metrics(): Promise<string>;
}

export interface HttpOptions {
  bodyLimitBytes: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  adminToken: string | undefined;
  version: string;
  /** How long `POST /api/playbooks/run` with `async: false` waits for the end. */
  playbookSyncWaitMs: number;
  /** How often an idle event stream sends a comment line, so proxies keep it open. */
  sseKeepAliveMs: number;
  /** When set, GET /metrics answers only to this bearer token; otherwise it is open. */
  metricsToken: string | undefined;
  /** MCP sessions (/mcp) this process keeps: at most so many in all and per account, closed after being idle so long. */
  mcpSessions: { perProcess: number; perAccount: number; idleMs: number };
  /**
   * The service's secret key, from which MCP session ids are signed so that every process sharing it can
   * check an id it does not hold (see mcp-session-ids.ts); without it, a key of this process alone.
   */
  mcpSessionKey?: Buffer;
  /** The web console's built files (`npm run build`), served at /console. */
  consoleDir: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on routes that need an account. */
    account?: AuthenticatedAccount;
    /** Values for the request log line, filled in by the handler. */
    logContext?: { agent?: string; model?: string };
  }
}
