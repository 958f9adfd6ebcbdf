import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CircuitBreaker, CircuitState } from '../../ports/circuit-breaker.ts';
import type {
  AgentRunSample,
  HttpRequestSample,
  QuotaRefusalSample,
  SafetyVerdictSample,
  Telemetry,
  UpstreamAttemptSample,
} from '../../ports/telemetry.ts';

/** Every metric's name starts with this. */
export const metricPrefix = 'agentapi_';

/** Request latency, from a health check (milliseconds) to an agent run across a failover chain (minutes). */
const httpBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** One model call: a fast small model answers in tenths of a second, a long generation takes a minute or two. */
const upstreamBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

/** The breaker gauge's value per state: higher is worse. */
const breakerValues: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

/** A label value for a model or provider that a run never reached. */
const none = 'none';

export interface PrometheusTelemetryDependencies {
  /** Read at each scrape for `agentapi_circuit_breaker_state`. */
  breaker: CircuitBreaker;
  /** The models whose circuit is reported. */
  modelIds: readonly string[];
  /** Process metrics (CPU, memory, event loop, GC); on unless turned off. */
  processMetrics?: boolean;
  /** In a server worker: what a scrape answers, every worker's metrics gathered (see ClusterMetrics); this process's otherwise. */
  gather?: () => Promise<string>;
}

/**
 * Telemetry kept as Prometheus metrics in a registry of its own (not prom-client's global one), so each
 * application instance counts for itself. The counters live in this process: each process of a
 * deployment is scraped on its own, except the workers of one `agentapi serve`, whose scrape answers for
 * them all (`gather`).
 */
export class PrometheusTelemetry implements Telemetry {
  readonly #registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpDuration: Histogram<'method' | 'route'>;
  readonly #agentRuns: Counter<'surface' | 'agent' | 'model' | 'provider' | 'outcome'>;
  readonly #upstreamDuration: Histogram<'provider' | 'model' | 'outcome'>;
  readonly #safetyVerdicts: Counter<'layer' | 'stage' | 'verdict'>;
  readonly #quotaRefusals: Counter<'surface' | 'code'>;
  readonly #gather: (() => Promise<string>) | undefined;

  constructor(dependencies: PrometheusTelemetryDependencies) {
    const registers = [this.#registry];
    this.#httpRequests = new Counter({
      name: `${metricPrefix}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#httpDuration = new Histogram({
      name: `${metricPrefix}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: httpBuckets,
      registers,
    });
    this.#agentRuns = new Counter({
      name: `${metricPrefix}agent_runs_total`,
      help: 'Agent runs recorded, by surface, agent, model, provider and outcome (succeeded, failed, blocked)',
      labelNames: ['surface', 'agent', 'model', 'provider', 'outcome'],
      registers,
    });
    this.#upstreamDuration = new Histogram({
      name: `${metricPrefix}upstream_request_duration_seconds`,
      help: 'Duration of each model call of an agent run, by provider, model and outcome (ok, error)',
      labelNames: ['provider', 'model', 'outcome'],
      buckets: upstreamBuckets,
      registers,
    });
    this.#safetyVerdicts = new Counter({
      name: `${metricPrefix}safety_verdicts_total`,
      help: "Safety layers' verdicts on agent runs, by layer, stage (input, tool, output) and verdict",
      labelNames: ['layer', 'stage', 'verdict'],
      registers,
    });
    this.#quotaRefusals = new Counter({
      name: `${metricPrefix}quota_refusals_total`,
      help: 'Requests refused because a limit was reached, by surface and code',
      labelNames: ['surface', 'code'],
      registers,
    });
    const { breaker, modelIds } = dependencies;
    new Gauge({
      name: `${metricPrefix}circuit_breaker_state`,
      help: "Each model's circuit: 0 closed, 1 half-open, 2 open",
      labelNames: ['model'],
      registers,
      // Across a server's workers, the worst state any of them sees.
      aggregator: 'max',
      collect() {
        for (const model of modelIds) this.set({ model }, breakerValues[breaker.state(model)]);
      },
    });
    if (dependencies.processMetrics !== false) collectDefaultMetrics({ register: this.#registry, prefix: metricPrefix });
    this.#gather = dependencies.gather;
  }

  /** The exposition format's media type, for the response's Content-Type. */
  get contentType(): string {
    return this.#registry.contentType;
  }

  /** Every metric in the Prometheus text exposition format: this process's, or the whole server's in a worker. */
  metrics(): Promise<string> {
    return this.#gather ? this.#gather() : this.#registry.metrics();
  }

  /** This process's own metrics, as prom-client's AggregatorRegistry takes them. */
  ownMetricsAsJson(): ReturnType<Registry['getMetricsAsJSON']> {
    return this.#registry.getMetricsAsJSON();
  }

  httpRequest(sample: HttpRequestSample): void {
    this.#httpRequests.inc({ method: sample.method, route: sample.route, status: String(sample.status) });
    this.#httpDuration.observe({ method: sample.method, route: sample.route }, sample.seconds);
  }

  agentRun(sample: AgentRunSample): void {
    this.#agentRuns.inc({ surface: sample.surface, agent: sample.agent, model: sample.model ?? none, provider: sample.provider ?? none, outcome: sample.outcome });
  }

  upstreamAttempt(sample: UpstreamAttemptSample): void {
    this.#upstreamDuration.observe({ provider: sample.provider, model: sample.model, outcome: sample.outcome }, sample.seconds);
  }

  safetyVerdict(sample: SafetyVerdictSample): void {
    this.#safetyVerdicts.inc({ layer: sample.layer, stage: sample.stage, verdict: sample.verdict });
  }

  quotaRefused(sample: QuotaRefusalSample): void {
    this.#quotaRefusals.inc({ surface: sample.surface, code: sample.code });
  }
}
