import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from '../domain/webhooks/retry-schedule.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z.string().trim().min(1).optional();
const optionalUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional();

/** The most server worker processes `agentapi serve` forks (SERVER_WORKERS, --workers). */
export const maxServerWorkers = 64;

const databaseUrl = z
  .string()
  .refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
    message: 'must be sqlite:<path>, sqlite::memory: or postgres://user@host:port/database',
  });

/**
 * Every environment variable the service reads. This schema is the only description of them; the README's
 * configuration table follows it.
 */
export const environmentSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  // Unset: one worker per core (os.availableParallelism()); 1: a single process, no cluster primary.
  SERVER_WORKERS: z.coerce.number({ message: `must be a whole number from 1 to ${maxServerWorkers}` }).int().min(1).max(maxServerWorkers).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { message: 'must be json, pretty or auto' }).default('auto'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/agentapi.db'),
  AUTO_MIGRATE: booleanString.default(true),
  DATABASE_PREPARED_STATEMENTS: booleanString.default(true),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('agentapi:'),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(value), {
      message: 'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs',
    })
    .transform((value): boolean | number | string[] => {
      if (value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((entry) => entry.trim());
    })
    .default(false),
  FREE_TIER_LIMIT: z.coerce.number().int().min(0).max(100_000).default(3),
  FREE_TIER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(31 * 86_400).default(3600),
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  AUTH_JWKS_URL: optionalUrl,
  AUTH_ISSUER: optionalText,
  AUTH_AUDIENCE: optionalText,
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  UPSTREAM_DEADLINE_MS: z.coerce.number().int().min(100).max(1_800_000).default(120_000),
  SAFETY_CRITIC: z.enum(['model', 'risk', 'rubric']).default('risk'),
  SAFETY_JUDGE: z.enum(['model', 'off']).default('model'),
  SAFETY_MODERATION: z.enum(['off', 'openai']).default('off'),
  SAFETY_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  SAFETY_MAX_SCREENED_CHARACTERS: z.coerce.number().int().min(1_000).max(16_777_216).default(262_144),
  // Service-wide layer modes and thresholds: what neither a plan nor an agent sets (docs/safety.md).
  SAFETY_JAILBREAK_MODE: z.enum(['block', 'flag', 'off']).optional(),
  SAFETY_JAILBREAK_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
  SAFETY_CONTENT_MODE: z.enum(['block', 'flag', 'off']).optional(),
  SAFETY_CONTENT_THRESHOLD: z.coerce.number().min(0).max(1).optional(),
  SAFETY_TOOL_INJECTION_MODE: z.enum(['block', 'strip', 'flag', 'off']).optional(),
  QUOTA_HOLD_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  PLAYBOOK_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  PLAYBOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(4),
  PLAYBOOK_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  PLAYBOOK_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(120_000),
  PLAYBOOK_SERVER_WORKER: booleanString.default(true),
  PLAYBOOK_FOLLOWERS_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(10),
  PLAYBOOK_FOLLOWERS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(50),
  PLAYBOOK_FOLLOWERS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(1000),
  // MCP sessions (/mcp) one server process keeps: in all, per account, and how long an idle one lives.
  MCP_SESSIONS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(1000),
  MCP_SESSIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(20),
  MCP_SESSION_IDLE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1800),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE_SECONDS.join(','))
    .transform((text, context) => {
      try {
        return parseRetrySchedule(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  WEBHOOK_SECRET_KEY: optionalText,
  WEBHOOK_SECRET_KEY_FILE: z.string().min(1).default('./data/webhook-secret.key'),
  CIRCUIT_FAILURE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  CIRCUIT_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
    .default([]),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  OUTBOUND_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(2 * 1024 * 1024),
  BRAVE_SEARCH_API_KEY: optionalText,
  BRAVE_SEARCH_BASE_URL: optionalUrl,
  SLACK_WEBHOOK_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  CATALOG_DIR: optionalText,
  PLANS_FILE: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalUrl,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  GOOGLE_BASE_URL: optionalUrl,
  GROQ_API_KEY: optionalText,
  GROQ_BASE_URL: optionalUrl,
  MISTRAL_API_KEY: optionalText,
  MISTRAL_BASE_URL: optionalUrl,
  NVIDIA_API_KEY: optionalText,
  NVIDIA_BASE_URL: optionalUrl,
  OLLAMA_BASE_URL: optionalUrl,
  HTTP_PROXY: optionalUrl,
  HTTPS_PROXY: optionalUrl,
  NO_PROXY: optionalText,
})
  .refine((environment) => environment.SAFETY_MODERATION !== 'openai' || environment.OPENAI_API_KEY !== undefined, {
    path: ['SAFETY_MODERATION'],
    message: 'openai moderation needs OPENAI_API_KEY',
  })
  .refine((environment) => environment.WEBHOOK_LEASE_MS > environment.WEBHOOK_TIMEOUT_MS, {
    path: ['WEBHOOK_LEASE_MS'],
    message: 'must be longer than WEBHOOK_TIMEOUT_MS, so no other process takes a delivery while it is being sent',
  });

export type Environment = z.output<typeof environmentSchema>;
