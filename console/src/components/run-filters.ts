import { h, uniqueId } from '../app/dom.ts';
import { navigate } from '../app/router.ts';
import { runStatuses } from './run-status.ts';

/** The filters of GET /api/runs that the list offers, as they are kept in the page's URL query. */
export interface RunFilters {
  kind?: string;
  status?: string;
  agent?: string;
  playbook?: string;
}

export const filterNames = ['kind', 'status', 'agent', 'playbook'] as const;

export function filtersFrom(query: URLSearchParams): RunFilters {
  const filters: RunFilters = {};
  for (const name of filterNames) {
    const value = query.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * The filter form. Applying it changes the URL (so a filtered list can be bookmarked and shared, and Back
 * undoes it), which draws the list again.
 */
export function runFiltersForm(path: string, filters: RunFilters, playbooks: readonly { id: string; name: string }[]): HTMLFormElement {
  const select = (name: keyof RunFilters, label: string, options: readonly (readonly [string, string])[]): HTMLElement => {
    const id = uniqueId(`filter-${name}`);
    const value = filters[name] ?? '';
    const known = options.some(([optionValue]) => optionValue === value);
    return h(
      'div',
      { className: 'run-filter' },
      h('label', { for: id }, label),
      h('select', { id, name }, h('option', { value: '' }, 'Any'), options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text)), !known && value ? h('option', { value, selected: true }, value) : null),
    );
  };
  const agentId = uniqueId('filter-agent');
  const form = h(
    'form',
    { className: 'card run-filters', role: 'search', 'aria-label': 'Filter runs' },
    select('kind', 'Kind', [['agent', 'Agent runs'], ['playbook', 'Playbook runs']]),
    select('status', 'Status', runStatuses.map((status) => [status, status] as const)),
    h('div', { className: 'run-filter' }, h('label', { for: agentId }, 'Agent'), h('input', { id: agentId, name: 'agent', type: 'text', value: filters.agent ?? '', placeholder: 'e.g. blog-gen', autocomplete: 'off', spellcheck: 'false' })),
    select('playbook', 'Playbook', playbooks.map((playbook) => [playbook.id, playbook.name] as const)),
    h(
      'div',
      { className: 'run-filter-actions' },
      h('button', { type: 'submit', className: 'button primary' }, 'Apply filters'),
      h('button', { type: 'button', className: 'button', onClick: () => navigate(path) }, 'Clear'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    navigate(path, Object.fromEntries(filterNames.map((name) => [name, String(data.get(name) ?? '').trim()])));
  });
  return form;
}
