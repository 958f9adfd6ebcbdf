import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { readPagePlan } from './page-plan.ts';
import { renderPage } from './render-page.ts';

export const pageRendererDescriptor: ToolDescriptor = {
  name: 'page-renderer',
  description: 'HTML rendering of the page plan',
  outputFields: {
    html: {
      type: 'string',
      description: 'The plan rendered as one self-contained, accessible HTML5 document: inline styles, no scripts, no external resources',
    },
  },
  requiredOutputFields: ['html'],
};

/** Renders the model's page plan to HTML in code, so the model never writes markup that reaches a browser. */
export function createPageRendererTool(): AgentTool {
  return {
    ...pageRendererDescriptor,
    async finish(output) {
      return { ...output, html: renderPage(readPagePlan(output)) };
    },
  };
}
