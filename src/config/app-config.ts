import { availableParallelism } from 'node:os';
import type { LayerSettings } from '../domain/safety/policy-precedence.ts';
import { maxServerWorkers, type Environment } from './config-schema.ts';

export interface ProviderSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /** Proxy settings for calls to the provider, in the variables' own names (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
  proxy?: Record<string, string> | undefined;
}

export type ProviderSettingsByName = Record<'openai' | 'anthropic' | 'google' | 'groq' | 'mistral' | 'nvidia' | 'ollama', ProviderSettings>;

/** The validated configuration, grouped by concern. */
export interface AppConfig {
  /** `workers`: processes `agentapi serve` answers requests with (see src/cluster/); 1 is a single process. */
  server: { host: string; port: number; bodyLimitBytes: number; workers: number };
  logLevel: Environment['LOG_LEVEL'];
  /** Log lines as JSON, as coloured text, or (auto) coloured text on a terminal and JSON otherwise. */
  logFormat: Environment['LOG_FORMAT'];
  /** `urlSource`: where the URL came from, so commands can say which database they use and why. */
  database: { url: string; urlSource: DatabaseUrlSource; autoMigrate: boolean; preparedStatements: boolean };
  redis: { url: string | undefined; keyPrefix: string };
  /** Which proxies' X-Forwarded-For to believe: none (false), all (true), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  freeTier: { limit: number; windowSeconds: number };
  /** How long quota units stay held for work in progress without renewal: how soon a dead process's are given back. */
  quotaHoldMs: number;
  /** MCP sessions (/mcp) this process keeps: bounded, and closed when idle. */
  mcpSessions: McpSessionSettings;
  adminToken: string | undefined;
  /** When set, GET /metrics needs it as a bearer token. */
  metricsToken: string | undefined;
  auth: { jwksUrl: string | undefined; issuer: string | undefined; audience: string | undefined; cacheSeconds: number };
  upstreamTimeoutMs: number;
  upstreamDeadlineMs: number;
  circuitBreaker: { failureThreshold: number; cooldownMs: number };
  playbooks: PlaybookSettings;
  /** The key that encrypts webhook secrets at rest: given (base64, 32 bytes), or kept in a file created on first start. */
  webhookSecretKey: { keyBase64: string | undefined; keyFile: string };
  /** Outbound callbacks: seconds between attempts, how often due ones are looked for, time limit and claim length. */
  webhooks: { retryScheduleSeconds: number[]; pollMs: number; timeoutMs: number; leaseMs: number };
  /**
   * Model help for the safety layers: the critic's reviewer and the jailbreak judge, each with a time limit;
   * how many characters of a request (or of what tools fetched for it) the layers read at most; and the
   * service-wide layer modes and thresholds, for what neither a plan nor an agent sets.
   */
  safety: { judge: 'model' | 'off'; moderation: 'off' | 'openai'; modelTimeoutMs: number; maxScreenedCharacters: number; defaults: LayerSettings };
  /** Requests to addresses the service is given: pages to audit, webhooks, callbacks. */
  outbound: { allowHosts: string[]; timeoutMs: number; maxBytes: number };
  webSearch: { braveApiKey: string | undefined; braveBaseUrl: string | undefined };
  slackWebhookUrl: string | undefined;
  paths: { catalogDir: string; plansFile: string; consoleDir: string };
  providers: ProviderSettingsByName;
}

/** The default `sqlite:./data/agentapi.db`, the DATABASE_URL variable, or the command line's `--data-dir`. */
export type DatabaseUrlSource = 'default' | 'DATABASE_URL' | '--data-dir';

export interface PlaybookSettings {
  /** Steps one process executes at once. */
  workerConcurrency: number;
  /** Runs one account may have running at once; the rest wait, queued, for a free slot. */
  accountConcurrency: number;
  /** How long a process's claim on a step holds without renewal: how soon a dead process's step is taken over. */
  leaseMs: number;
  /** How long `async: false` waits for the end before answering 202. */
  syncWaitMs: number;
  /** With Redis: whether `serve` also executes steps (otherwise only `agentapi worker` processes do). */
  serverWorker: boolean;
  /** Event streams (GET …/events) one server process holds open at once: per run, per account, in all. */
  followers: { perRun: number; perAccount: number; perProcess: number };
}

/** MCP sessions one server process keeps (see docs/mcp.md). */
export interface McpSessionSettings {
  perProcess: number;
  perAccount: number;
  /** A session without a request for this long is closed. */
  idleMs: number;
}

export function toAppConfig(environment: Environment, paths: AppConfig['paths']): AppConfig {
  const proxy = proxySettings(environment);
  return {
    server: { host: environment.HOST, port: environment.PORT, bodyLimitBytes: environment.BODY_LIMIT_BYTES, workers: environment.SERVER_WORKERS ?? defaultServerWorkers() },
    logLevel: environment.LOG_LEVEL,
    logFormat: environment.LOG_FORMAT,
    database: { url: environment.DATABASE_URL, urlSource: 'default', autoMigrate: environment.AUTO_MIGRATE, preparedStatements: environment.DATABASE_PREPARED_STATEMENTS },
    redis: { url: environment.REDIS_URL, keyPrefix: environment.REDIS_KEY_PREFIX },
    trustProxy: environment.TRUST_PROXY,
    freeTier: { limit: environment.FREE_TIER_LIMIT, windowSeconds: environment.FREE_TIER_WINDOW_SECONDS },
    adminToken: environment.ADMIN_TOKEN,
    metricsToken: environment.METRICS_TOKEN,
    auth: { jwksUrl: environment.AUTH_JWKS_URL, issuer: environment.AUTH_ISSUER, audience: environment.AUTH_AUDIENCE, cacheSeconds: environment.AUTH_CACHE_SECONDS },
    upstreamTimeoutMs: environment.UPSTREAM_TIMEOUT_MS,
    upstreamDeadlineMs: environment.UPSTREAM_DEADLINE_MS,
    circuitBreaker: { failureThreshold: environment.CIRCUIT_FAILURE_THRESHOLD, cooldownMs: environment.CIRCUIT_COOLDOWN_MS },
    webhookSecretKey: { keyBase64: environment.WEBHOOK_SECRET_KEY, keyFile: environment.WEBHOOK_SECRET_KEY_FILE },
    webhooks: { retryScheduleSeconds: environment.WEBHOOK_RETRY_SCHEDULE, pollMs: environment.WEBHOOK_POLL_MS, timeoutMs: environment.WEBHOOK_TIMEOUT_MS, leaseMs: environment.WEBHOOK_LEASE_MS },
    quotaHoldMs: environment.QUOTA_HOLD_MS,
    mcpSessions: { perProcess: environment.MCP_SESSIONS_PER_PROCESS, perAccount: environment.MCP_SESSIONS_PER_ACCOUNT, idleMs: environment.MCP_SESSION_IDLE_SECONDS * 1000 },
    playbooks: {
      workerConcurrency: environment.PLAYBOOK_WORKER_CONCURRENCY,
      accountConcurrency: environment.PLAYBOOK_ACCOUNT_CONCURRENCY,
      leaseMs: environment.PLAYBOOK_LEASE_MS,
      syncWaitMs: environment.PLAYBOOK_SYNC_WAIT_MS,
      serverWorker: environment.PLAYBOOK_SERVER_WORKER,
      followers: {
        perRun: environment.PLAYBOOK_FOLLOWERS_PER_RUN,
        perAccount: environment.PLAYBOOK_FOLLOWERS_PER_ACCOUNT,
        perProcess: environment.PLAYBOOK_FOLLOWERS_PER_PROCESS,
      },
    },
    safety: {
      judge: environment.SAFETY_JUDGE,
      moderation: environment.SAFETY_MODERATION,
      modelTimeoutMs: environment.SAFETY_MODEL_TIMEOUT_MS,
      maxScreenedCharacters: environment.SAFETY_MAX_SCREENED_CHARACTERS,
      defaults: {
        jailbreak: { mode: environment.SAFETY_JAILBREAK_MODE, threshold: environment.SAFETY_JAILBREAK_THRESHOLD },
        content: { mode: environment.SAFETY_CONTENT_MODE, threshold: environment.SAFETY_CONTENT_THRESHOLD },
        toolInjection: environment.SAFETY_TOOL_INJECTION_MODE,
        critic: environment.SAFETY_CRITIC,
      },
    },
    outbound: { allowHosts: environment.OUTBOUND_ALLOW_HOSTS, timeoutMs: environment.OUTBOUND_TIMEOUT_MS, maxBytes: environment.OUTBOUND_MAX_BYTES },
    webSearch: { braveApiKey: environment.BRAVE_SEARCH_API_KEY, braveBaseUrl: environment.BRAVE_SEARCH_BASE_URL },
    slackWebhookUrl: environment.SLACK_WEBHOOK_URL,
    paths,
    providers: {
      openai: { apiKey: environment.OPENAI_API_KEY, baseUrl: environment.OPENAI_BASE_URL, proxy },
      anthropic: { apiKey: environment.ANTHROPIC_API_KEY, baseUrl: environment.ANTHROPIC_BASE_URL, proxy },
      google: { apiKey: environment.GOOGLE_GENERATIVE_AI_API_KEY, baseUrl: environment.GOOGLE_BASE_URL, proxy },
      groq: { apiKey: environment.GROQ_API_KEY, baseUrl: environment.GROQ_BASE_URL, proxy },
      mistral: { apiKey: environment.MISTRAL_API_KEY, baseUrl: environment.MISTRAL_BASE_URL, proxy },
      nvidia: { apiKey: environment.NVIDIA_API_KEY, baseUrl: environment.NVIDIA_BASE_URL, proxy },
      ollama: { baseUrl: environment.OLLAMA_BASE_URL, proxy },
    },
  };
}

function proxySettings(environment: Environment): Record<string, string> | undefined {
  const settings = Object.fromEntries(
    Object.entries({ HTTP_PROXY: environment.HTTP_PROXY, HTTPS_PROXY: environment.HTTPS_PROXY, NO_PROXY: environment.NO_PROXY }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** One server worker per core this process may use, within the cap. */
function defaultServerWorkers(): number {
  return Math.min(availableParallelism(), maxServerWorkers);
}
