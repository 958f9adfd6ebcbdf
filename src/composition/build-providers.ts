import { clusterCircuitBreaker } from '../adapters/cluster/cluster-circuit-breaker.ts';
import { ClusterMetrics } from '../adapters/cluster/cluster-metrics.ts';
import { KyselyConversationRepository } from '../adapters/db/repositories/conversation-repository.ts';
import { PrometheusTelemetry } from '../adapters/metrics/prometheus-telemetry.ts';
import { OpenAiModerator } from '../adapters/moderation/openai-moderator.ts';
import { AiSdkModelGateway } from '../adapters/providers/ai-sdk-model-gateway.ts';
import { providerAdapters } from '../adapters/providers/index.ts';
import { InMemoryCircuitBreaker } from '../adapters/routing-state/in-memory-circuit-breaker.ts';
import { systemClock } from '../adapters/system-clock.ts';
import { BraveWebSearch } from '../adapters/web-search/brave-web-search.ts';
import { HtmlPageInspector } from '../adapters/web/html-page-inspector.ts';
import { HtmlPageReader } from '../adapters/web/html-page-reader.ts';
import { SafeOutboundHttp } from '../adapters/web/safe-outbound-http.ts';
import type { AppConfig } from '../config/app-config.ts';
import { packageVersion } from '../config/load-config.ts';
import type { AgentTool } from '../domain/tools/agent-tool.ts';
import { ModelRouter } from '../domain/routing/model-router.ts';
import { createSafetyPipeline } from '../domain/safety/create-safety-pipeline.ts';
import { ModelCritic } from '../domain/safety/layers/critic/model-critic.ts';
import { ModelJailbreakJudge } from '../domain/safety/layers/jailbreak/model-judge.ts';
import type { SafetyPipeline } from '../domain/safety/safety-pipeline.ts';
import { createAgentTools } from '../domain/tools/create-agent-tools.ts';
import { checkToolsMatchDescriptors } from '../domain/tools/tool-registry.ts';
import type { ModelGateway } from '../ports/model-gateway.ts';
import type { Catalogs } from './load-catalogs.ts';
import type { Storage } from './build-storage.ts';

/** What runs reach the world through: models, the safety screen, tools, outbound HTTP, and this process's metrics. */
export interface Providers {
  gateway: AiSdkModelGateway;
  breaker: InMemoryCircuitBreaker;
  router: ModelRouter;
  /** This process's counters, served by GET /metrics (with the other workers' in a server worker). */
  telemetry: PrometheusTelemetry;
  safety: SafetyPipeline;
  /** Every address the service calls goes through it (tools and webhooks alike). */
  outbound: SafeOutboundHttp;
  tools: ReadonlyMap<string, AgentTool>;
}

/**
 * Connects the configured model providers and builds the router, the safety pipeline and the agents' tools.
 * In a server worker (`cluster`), circuits and metrics are shared with the other workers through the primary.
 */
export async function buildProviders(config: AppConfig, catalogs: Catalogs, storage: Pick<Storage, 'database' | 'cluster'>): Promise<Providers> {
  const { cluster } = storage;
  const gateway = await AiSdkModelGateway.create(config.providers, providerAdapters);
  const breaker = cluster ? clusterCircuitBreaker(cluster, config.circuitBreaker) : new InMemoryCircuitBreaker(config.circuitBreaker);
  const router = new ModelRouter(catalogs.registry, gateway.configuredProviders(), breaker);
  const clusterMetrics = cluster ? new ClusterMetrics(cluster, () => telemetry.ownMetricsAsJson()) : undefined;
  // The breaker is read at each scrape for the models runs can go to.
  const telemetry: PrometheusTelemetry = new PrometheusTelemetry({
    breaker,
    modelIds: router.routableModels().map((model) => model.id),
    ...(clusterMetrics ? { gather: () => clusterMetrics.gather() } : {}),
  });
  const outbound = new SafeOutboundHttp({
    allowHosts: config.outbound.allowHosts,
    timeoutMs: config.outbound.timeoutMs,
    maxBytes: config.outbound.maxBytes,
    userAgent: `agentapi/${packageVersion} (+self-hosted Agent Execution API)`,
  });
  return {
    gateway,
    breaker,
    router,
    telemetry,
    safety: buildSafety(config, catalogs, { gateway, breaker, router }),
    outbound,
    tools: buildTools(config, outbound, storage),
  };
}

/** The safety pipeline, with the model judge and the moderation API where the configuration turns them on, and the model critic. */
function buildSafety(config: AppConfig, catalogs: Catalogs, models: { gateway: ModelGateway; breaker: InMemoryCircuitBreaker; router: ModelRouter }): SafetyPipeline {
  const modelHelp = { gateway: models.gateway, breaker: models.breaker, timeoutMs: config.safety.modelTimeoutMs };
  return createSafetyPipeline(catalogs.safetyModels, {
    ...(config.safety.judge === 'model' ? { judge: new ModelJailbreakJudge({ ...modelHelp, router: models.router }) } : {}),
    // Every run's policy says when the critic asks a model (SAFETY_CRITIC, a plan's or an agent's `critic`).
    critic: new ModelCritic(modelHelp),
    ...(config.safety.moderation === 'openai' && config.providers.openai.apiKey
      ? { moderator: new OpenAiModerator({ baseUrl: config.providers.openai.baseUrl, apiKey: config.providers.openai.apiKey, timeoutMs: config.safety.modelTimeoutMs }) }
      : {}),
  }, { maxScreenedCharacters: config.safety.maxScreenedCharacters, defaults: config.safety.defaults });
}

/** The agents' tools; the server refuses to start when they differ from the tool descriptors the catalog was checked against. */
function buildTools(config: AppConfig, outbound: SafeOutboundHttp, storage: Pick<Storage, 'database'>): ReadonlyMap<string, AgentTool> {
  const tools = createAgentTools({
    clock: systemClock,
    outbound,
    pageInspector: new HtmlPageInspector(outbound),
    pageReader: new HtmlPageReader(outbound),
    conversations: new KyselyConversationRepository(storage.database.db),
    webSearch: config.webSearch.braveApiKey
      ? new BraveWebSearch({ apiKey: config.webSearch.braveApiKey, baseUrl: config.webSearch.braveBaseUrl, timeoutMs: config.outbound.timeoutMs })
      : undefined,
    slackWebhookUrl: config.slackWebhookUrl,
  });
  checkToolsMatchDescriptors(tools);
  return tools;
}
