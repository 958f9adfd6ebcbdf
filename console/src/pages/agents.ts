// The agent catalog (public: no key needed): typo-tolerant search and a category filter, both kept in the
// page's address so a search can be shared, with the results as cards or as a table.
import { announce } from '../app/announce.ts';
import { callApi } from '../app/api.ts';
import type { AgentSummary } from '../app/api-types.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { routeLink, type PageContext } from '../app/router.ts';
import { dataTable } from '../components/data-table.ts';
import { emptyState, errorNotice, loading } from '../components/notice.ts';

type View = 'cards' | 'table';

interface AgentList {
  data: AgentSummary[];
  count: number;
}

interface Filters {
  search: string;
  category: string;
  view: View;
}

const debounceMs = 250;

function agentFlags(agent: AgentSummary): HTMLElement[] {
  return [
    agent.requiresConfirmation ? h('span', { className: 'badge warn' }, 'needs confirmation') : null,
    agent.readOnly ? h('span', { className: 'badge ok' }, 'read-only') : null,
    agent.v1 ? h('span', { className: 'badge' }, 'v1') : null,
  ].filter((badge): badge is HTMLElement => badge !== null);
}

function agentCard(agent: AgentSummary): HTMLElement {
  return h(
    'li',
    { className: 'card agent-card' },
    h('h2', null, h('a', { href: routeLink(`/agents/${encodeURIComponent(agent.id)}`) }, agent.name)),
    h('p', { className: 'agent-id' }, h('code', null, agent.id)),
    h('p', null, agent.description),
    h('div', { className: 'row' }, h('span', { className: 'badge info' }, agent.category), h('span', { className: 'badge' }, agent.taskCategory), agentFlags(agent)),
  );
}

function agentTable(agents: readonly AgentSummary[]): HTMLElement {
  return dataTable('Agents', [
    { header: 'Agent', cell: (agent) => [h('a', { href: routeLink(`/agents/${encodeURIComponent(agent.id)}`) }, agent.name), h('div', null, h('code', null, agent.id))] },
    { header: 'Category', cell: (agent) => agent.category },
    { header: 'Task', cell: (agent) => agent.taskCategory },
    { header: 'Description', cell: (agent) => agent.description },
    { header: 'Flags', cell: (agent) => h('div', { className: 'row' }, agentFlags(agent)) },
  ], agents, { captionHidden: true });
}

function filtersFrom(query: URLSearchParams): Filters {
  return { search: query.get('search') ?? '', category: query.get('category') ?? '', view: query.get('view') === 'table' ? 'table' : 'cards' };
}

/** Keeps the filters in the address without reloading the page (no hashchange). */
function rememberFilters(filters: Filters): void {
  const link = routeLink('/agents', { search: filters.search.trim(), category: filters.category, view: filters.view === 'table' ? 'table' : undefined });
  history.replaceState(history.state, '', link);
}

export async function agentsPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Agents');
  const filters = filtersFrom(context.query);
  const searchId = uniqueId('agent-search');
  const categoryId = uniqueId('agent-category');
  const searchHintId = `${searchId}-hint`;
  const searchInput = h('input', { id: searchId, type: 'search', name: 'search', value: filters.search, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': searchHintId, maxlength: 200 });
  const categorySelect = h('select', { id: categoryId, name: 'category' }, h('option', { value: '' }, 'All categories'));
  const viewButtons = (['cards', 'table'] as const).map((view) => h('button', { type: 'button', className: 'button', 'data-view': view, 'aria-pressed': String(filters.view === view) }, view === 'cards' ? 'Cards' : 'Table'));
  const count = h('p', { className: 'result-count muted' });
  const results = h('div', { className: 'agent-results' }, loading('agents'));

  replaceChildren(
    root,
    h('h1', null, 'Agents'),
    h('p', { className: 'agent-lead' }, 'Every agent the service runs. Open one to read what it promises, fill in its form and run it. Browsing needs no key; running does.'),
    h(
      'form',
      { className: 'card agent-filters', role: 'search', 'aria-label': 'Find agents', onSubmit: (event: Event) => event.preventDefault() },
      h('div', { className: 'filter-search' }, h('label', { for: searchId }, 'Search agents'), searchInput, h('p', { id: searchHintId, className: 'hint' }, 'Words from the name, id or description; small typos are fine (try “emial sequnce”).')),
      h('div', { className: 'filter-category' }, h('label', { for: categoryId }, 'Category'), categorySelect),
      h('div', { className: 'filter-view', role: 'group', 'aria-label': 'Show results as' }, h('span', { className: 'filter-view-label', 'aria-hidden': 'true' }, 'Show as'), h('div', { className: 'row' }, viewButtons)),
    ),
    count,
    results,
  );

  let all: AgentSummary[];
  try {
    all = (await callApi<AgentList>('/api/agents', { auth: 'none', signal: context.signal })).body.data;
  } catch (error) {
    if (context.signal.aborted) return;
    replaceChildren(results, errorNotice(error));
    return;
  }
  const categories: string[] = [...new Set(all.map((agent) => agent.category))].sort();
  for (const category of categories) categorySelect.append(h('option', { value: category }, category));
  categorySelect.value = categories.includes(filters.category) ? filters.category : '';
  filters.category = categorySelect.value;

  let shown: AgentSummary[] = all;
  let pending: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  context.signal.addEventListener('abort', () => {
    clearTimeout(timer);
    pending?.abort();
  });

  const draw = (): void => {
    if (!shown.length) {
      replaceChildren(results, emptyState(`No agent matches${filters.search.trim() ? ` “${filters.search.trim()}”` : ''}${filters.category ? ` in ${filters.category}` : ''}.`));
      return;
    }
    replaceChildren(results, filters.view === 'table' ? agentTable(shown) : h('ul', { className: 'grid agent-grid', 'aria-label': 'Agents' }, shown.map(agentCard)));
  };

  const load = async (): Promise<void> => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const search = filters.search.trim();
    try {
      shown = search || filters.category
        ? (await callApi<AgentList>('/api/agents', { auth: 'none', query: { search: search || undefined, category: filters.category || undefined }, signal: AbortSignal.any([context.signal, controller.signal]) })).body.data
        : all;
    } catch (error) {
      if (controller.signal.aborted || context.signal.aborted) return;
      replaceChildren(count);
      replaceChildren(results, errorNotice(error));
      return;
    }
    if (controller.signal.aborted) return;
    const text = `${shown.length} ${shown.length === 1 ? 'agent' : 'agents'}${search ? ` match “${search}”` : ''}${filters.category ? ` in ${filters.category}` : ''}${search ? ', best matches first' : ''}.`;
    replaceChildren(count, text);
    announce(text);
    draw();
  };

  searchInput.addEventListener('input', () => {
    filters.search = searchInput.value;
    rememberFilters(filters);
    clearTimeout(timer);
    timer = setTimeout(() => void load(), debounceMs);
  });
  categorySelect.addEventListener('change', () => {
    filters.category = categorySelect.value;
    rememberFilters(filters);
    clearTimeout(timer);
    void load();
  });
  for (const button of viewButtons) {
    button.addEventListener('click', () => {
      filters.view = button.dataset.view === 'table' ? 'table' : 'cards';
      for (const other of viewButtons) other.setAttribute('aria-pressed', String(other === button));
      rememberFilters(filters);
      draw();
    });
  }
  await load();
}
