import type { Clock } from '../../ports/clock.ts';
import type { ConversationRepository } from '../../ports/conversation-repository.ts';
import type { OutboundHttp } from '../../ports/outbound-http.ts';
import type { PageInspector } from '../../ports/page-inspector.ts';
import type { PageReader } from '../../ports/page-reader.ts';
import type { WebSearch } from '../../ports/web-search.ts';
import type { AgentTool } from './agent-tool.ts';
import { createCashFlowTool } from './cash-flow/cash-flow-tool.ts';
import { createContentMetricsTool } from './content-metrics/content-metrics-tool.ts';
import { createConversationMemoryTool } from './conversation-memory/conversation-memory-tool.ts';
import { createEnpsTool } from './enps/enps-tool.ts';
import { createInvoiceArithmeticTool } from './invoice-arithmetic/invoice-arithmetic-tool.ts';
import { createLeadQualifierTool } from './lead-qualifier/lead-qualifier-tool.ts';
import { createPageAuditTool } from './page-audit/page-audit-tool.ts';
import { createPageReaderTool } from './page-reader/page-reader-tool.ts';
import { createPageRendererTool } from './page-renderer/page-renderer-tool.ts';
import { createSlackPosterTool } from './slack-poster/slack-poster-tool.ts';
import { createUnitEconomicsTool } from './unit-economics/unit-economics-tool.ts';
import { createWebSearchTool } from './web-search/web-search-tool.ts';

/** What the tools need from the outside world; the composition root provides it. */
export interface AgentToolDependencies {
  clock: Clock;
  outbound: OutboundHttp;
  pageInspector: PageInspector;
  pageReader: PageReader;
  conversations: ConversationRepository;
  /** Absent when no search engine is configured. */
  webSearch: WebSearch | undefined;
  slackWebhookUrl: string | undefined;
}

/** The working tools by name; they must match toolDescriptors one to one (checkToolsMatchDescriptors). */
export function createAgentTools(dependencies: AgentToolDependencies): Map<string, AgentTool> {
  const tools = [
    createContentMetricsTool(),
    createPageRendererTool(),
    createLeadQualifierTool(),
    createWebSearchTool(dependencies.webSearch),
    createPageAuditTool(dependencies.pageInspector),
    createPageReaderTool(dependencies.pageReader),
    createConversationMemoryTool({ conversations: dependencies.conversations, clock: dependencies.clock }),
    createSlackPosterTool({ outbound: dependencies.outbound, defaultWebhookUrl: dependencies.slackWebhookUrl }),
    createInvoiceArithmeticTool(),
    createUnitEconomicsTool(),
    createEnpsTool(),
    createCashFlowTool(),
  ];
  return new Map(tools.map((tool) => [tool.name, tool]));
}
