// Models: the registry with each model's live status, filtered by provider and status (kept in the URL),
// and a routing dry-run that shows which models a prompt would go to, in order, and why.
import type { ListModelsResponses } from '../../../packages/client/src/generated/types.gen.ts';
import { callApi } from '../app/api.ts';
import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { formatCount } from '../app/format.ts';
import type { PageContext } from '../app/router.ts';
import { routeLink } from '../app/router.ts';
import { dataTable } from '../components/data-table.ts';
import { emptyState, errorNotice, loading } from '../components/notice.ts';
import { routingDryRun } from './routing-dry-run.ts';

export type RegistryModel = ListModelsResponses[200]['data'][number];
type Status = RegistryModel['status'];

/** Every status GET /api/models answers, how it reads, and its badge. */
const statuses: readonly { value: Status; label: string; tone: string; meaning: string }[] = [
  { value: 'available', label: 'available', tone: 'ok', meaning: 'its provider is configured and its circuit is closed' },
  { value: 'circuit_open', label: 'circuit open', tone: 'danger', meaning: 'its provider failed repeatedly; the router skips it until the circuit closes' },
  { value: 'unconfigured', label: 'unconfigured', tone: '', meaning: 'no key or address is set for its provider' },
];

export function statusBadge(status: Status): HTMLElement {
  const entry = statuses.find((candidate) => candidate.value === status);
  return h('span', { className: `badge ${entry?.tone ?? ''}`.trim() }, entry?.label ?? status);
}

const price = (usd: number): string => (usd === 0 ? 'free' : `$${usd}`);

function modelsTable(models: readonly RegistryModel[], caption: string): HTMLElement {
  return h('div', { className: 'models-table' }, dataTable(caption, [
    { header: 'Model', cell: (model) => [h('code', { className: 'model-id' }, model.id), h('span', { className: 'model-name' }, model.name)] },
    { header: 'Provider', cell: (model) => model.provider },
    { header: 'Status', cell: (model) => statusBadge(model.status) },
    { header: 'Quality', cell: (model) => model.quality },
    { header: 'Speed', cell: (model) => model.speed },
    { header: 'Context', numeric: true, cell: (model) => formatCount(model.contextWindow) },
    { header: 'USD per 1M in / out', numeric: true, cell: (model) => `${price(model.pricing.inputPerMillionUsd)} / ${price(model.pricing.outputPerMillionUsd)}` },
    { header: 'Capabilities', cell: (model) => model.capabilities.map((capability) => capability.replaceAll('_', ' ')).join(', ') },
  ], models));
}

function select(label: string, name: string, options: readonly { value: string; label: string }[], selected: string): { field: HTMLElement; control: HTMLSelectElement } {
  const id = uniqueId(name);
  const control = h('select', { id, name }, options.map((option) => h('option', { value: option.value, selected: option.value === selected }, option.label)));
  return { field: h('div', { className: 'field' }, h('label', { for: id }, label), control), control };
}

export async function modelsPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Models');
  const registry = h('div', null, loading('the model registry'));
  const dryRun = h('div');
  replaceChildren(
    root,
    h('h1', null, 'Models'),
    h('section', { 'aria-labelledby': 'models-registry' }, h('h2', { id: 'models-registry' }, 'Registry'), registry),
    h('section', { 'aria-labelledby': 'models-dry-run' }, h('h2', { id: 'models-dry-run' }, 'Routing dry-run'), h('p', { className: 'hint' }, 'Which models a run would try for a prompt, in order, and why. Nothing runs and nothing is counted.'), dryRun),
  );

  let models: RegistryModel[];
  try {
    const { body } = await callApi<{ data: RegistryModel[] }>('/api/models', { auth: 'none', signal: context.signal });
    models = body.data;
  } catch (error) {
    if (!context.signal.aborted) replaceChildren(registry, errorNotice(error));
    return;
  }

  const providers = [...new Set(models.map((model) => model.provider))].sort();
  const wanted = { provider: context.query.get('provider') ?? '', status: context.query.get('status') ?? '' };
  const provider = select('Provider', 'provider', [{ value: '', label: 'All providers' }, ...providers.map((name) => ({ value: name, label: name }))], providers.includes(wanted.provider) ? wanted.provider : '');
  const status = select('Status', 'status', [{ value: '', label: 'All statuses' }, ...statuses.map((entry) => ({ value: entry.value, label: entry.label }))], statuses.some((entry) => entry.value === wanted.status) ? wanted.status : '');
  const summary = h('p', { className: 'registry-summary' });
  const table = h('div');

  const counts = statuses.map((entry) => ({ ...entry, count: models.filter((model) => model.status === entry.value).length })).filter((entry) => entry.count > 0);
  summary.textContent = `${models.length} models from ${providers.length} providers: ${counts.map((entry) => `${entry.count} ${entry.label}`).join(', ')}.`;

  const show = (): void => {
    const shown = models.filter((model) => (!provider.control.value || model.provider === provider.control.value) && (!status.control.value || model.status === status.control.value));
    const caption = shown.length === models.length ? `All ${models.length} models` : `${shown.length} of ${models.length} models`;
    replaceChildren(table, shown.length === 0 ? emptyState('No model matches these filters.') : modelsTable(shown, caption));
  };
  const filter = (): void => {
    show();
    // The filters are part of the address, so a filtered list can be shared; no new page load.
    history.replaceState(null, '', routeLink('/models', { provider: provider.control.value, status: status.control.value }));
    const shown = table.querySelectorAll('tbody tr').length;
    announce(`${shown} ${shown === 1 ? 'model' : 'models'} shown.`);
  };
  provider.control.addEventListener('change', filter);
  status.control.addEventListener('change', filter);

  const noProvider = !models.some((model) => model.status !== 'unconfigured');
  replaceChildren(
    registry,
    summary,
    noProvider ? h('p', { className: 'notice notice-warn' }, 'No provider is configured on this service: until one is, the sandbox model answers every run with deterministic text, at no cost.') : null,
    h('details', { className: 'status-help' }, h('summary', null, 'What the statuses mean'), h('dl', { className: 'facts' }, statuses.map((entry) => [h('dt', null, statusBadge(entry.value)), h('dd', null, entry.meaning)]))),
    h('form', { className: 'model-filters', 'aria-label': 'Filter models', onSubmit: (event: Event) => event.preventDefault() }, provider.field, status.field),
    table,
  );
  show();
  await routingDryRun(dryRun, models, context.signal);
}
