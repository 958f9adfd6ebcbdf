import type { AgentTool, ToolDescriptor } from './agent-tool.ts';
import { cashFlowDescriptor } from './cash-flow/cash-flow-tool.ts';
import { contentMetricsDescriptor } from './content-metrics/content-metrics-tool.ts';
import { conversationMemoryDescriptor } from './conversation-memory/conversation-memory-tool.ts';
import { enpsDescriptor } from './enps/enps-tool.ts';
import { invoiceArithmeticDescriptor } from './invoice-arithmetic/invoice-arithmetic-tool.ts';
import { leadQualifierDescriptor } from './lead-qualifier/lead-qualifier-tool.ts';
import { pageAuditDescriptor } from './page-audit/page-audit-tool.ts';
import { pageReaderDescriptor } from './page-reader/page-reader-tool.ts';
import { pageRendererDescriptor } from './page-renderer/page-renderer-tool.ts';
import { slackPosterDescriptor } from './slack-poster/slack-poster-tool.ts';
import { unitEconomicsDescriptor } from './unit-economics/unit-economics-tool.ts';
import { webSearchDescriptor } from './web-search/web-search-tool.ts';

/**
 * Every tool an agent may declare, described without its dependencies: the catalog validates agents
 * against this list, and the composition root provides the working tools (see createAgentTools).
 */
export const toolDescriptors: readonly ToolDescriptor[] = [
  contentMetricsDescriptor,
  pageRendererDescriptor,
  leadQualifierDescriptor,
  webSearchDescriptor,
  pageAuditDescriptor,
  pageReaderDescriptor,
  conversationMemoryDescriptor,
  slackPosterDescriptor,
  invoiceArithmeticDescriptor,
  unitEconomicsDescriptor,
  enpsDescriptor,
  cashFlowDescriptor,
];

export function toolDescriptorMap(): ReadonlyMap<string, ToolDescriptor> {
  return new Map(toolDescriptors.map((descriptor) => [descriptor.name, descriptor]));
}

/** Checks that the working tools match the descriptors one to one, so the catalog and the runner agree. */
export function checkToolsMatchDescriptors(tools: ReadonlyMap<string, AgentTool>): void {
  const described = toolDescriptors.map((descriptor) => descriptor.name).sort();
  const provided = [...tools.keys()].sort();
  if (described.join(',') !== provided.join(',')) {
    throw new Error(`Tools provided (${provided.join(', ')}) do not match the tools described (${described.join(', ')})`);
  }
}
