// One agent: what it does and promises, its input and output schemas, and a form to run it (agent-run.ts).
// Reading needs no key; the key is asked for only when the form is run.
import { ApiError, callApi } from '../app/api.ts';
import type { AgentDetail } from '../app/api-types.ts';
import { h, replaceChildren } from '../app/dom.ts';
import { routeLink, type PageContext } from '../app/router.ts';
import { jsonView } from '../components/json-view.ts';
import { renderMarkdown } from '../components/markdown.ts';
import { errorNotice, loading } from '../components/notice.ts';
import { agentRunSection } from './agent-run.ts';

function notFound(root: HTMLElement, error: ApiError): void {
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as { suggestions?: unknown };
  const suggestions = Array.isArray(body.suggestions) ? body.suggestions.filter((id): id is string => typeof id === 'string') : [];
  replaceChildren(
    root,
    h('h1', null, 'Agent not found'),
    errorNotice(error),
    suggestions.length ? [h('p', null, 'Did you mean:'), h('ul', null, suggestions.map((id) => h('li', null, h('a', { href: routeLink(`/agents/${encodeURIComponent(id)}`) }, id))))] : null,
    h('p', null, h('a', { href: routeLink('/agents') }, 'All agents')),
  );
}

function description(agent: AgentDetail): HTMLElement {
  return h(
    'section',
    { className: 'agent-about stack', 'aria-labelledby': 'agent-about-heading' },
    h('h2', { id: 'agent-about-heading', className: 'visually-hidden' }, 'About this agent'),
    h('p', { className: 'agent-lead' }, agent.description),
    h(
      'dl',
      { className: 'facts' },
      h('dt', null, 'Id'),
      h('dd', null, h('code', null, agent.id), agent.aliases.length ? [' (also ', agent.aliases.map((alias, index) => [index ? ', ' : '', h('code', null, alias)]), ')'] : null),
      h('dt', null, 'Category'),
      h('dd', null, h('span', { className: 'badge info' }, agent.category), ' ', h('span', { className: 'badge' }, agent.taskCategory)),
      h('dt', null, 'Effects'),
      h('dd', null, agent.readOnly ? 'Read-only: no side effects.' : 'Acts beyond its answer.', agent.requiresConfirmation ? ' Runs only with confirmation.' : null),
      agent.tools.length ? [h('dt', null, 'Tools'), h('dd', null, agent.tools.map((tool, index) => [index ? ', ' : '', h('code', null, tool)]))] : null,
    ),
    agent.promises.length
      ? [h('h3', null, 'What the answer promises'), renderMarkdown(agent.promises.map((promise) => `- ${promise}`).join('\n'))]
      : null,
    h('details', null, h('summary', null, 'Input schema'), jsonView(agent.inputSchema, 'Input schema')),
    h('details', null, h('summary', null, 'Output schema'), jsonView(agent.outputSchema, 'Output schema')),
  );
}

export async function agentPage(root: HTMLElement, context: PageContext): Promise<void> {
  const id = context.params.agent ?? '';
  context.setTitle(id);
  replaceChildren(root, h('h1', null, id), loading('the agent'));
  let agent: AgentDetail;
  try {
    agent = (await callApi<{ data: AgentDetail }>(`/api/agents/${encodeURIComponent(id)}`, { auth: 'none', signal: context.signal })).body.data;
  } catch (error) {
    if (context.signal.aborted) return;
    if (error instanceof ApiError && error.status === 404) notFound(root, error);
    else replaceChildren(root, h('h1', null, id), errorNotice(error));
    return;
  }
  context.setTitle(agent.name);
  const run = agentRunSection(agent, context.signal);
  replaceChildren(
    root,
    h('p', { className: 'breadcrumb' }, h('a', { href: routeLink('/agents') }, 'Agents'), ' / ', h('code', null, agent.id)),
    h('h1', null, agent.name),
    h('div', { className: 'agent-layout' }, description(agent), run.form),
    run.result,
    run.snippets,
  );
}
