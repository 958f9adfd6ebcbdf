// The routing dry-run of the models page: POST /api/router/route with a prompt (and an agent, a policy, a
// pinned model), then the model that would answer, the chain in order, what was left out and why.
import type { AgentSummary } from '../app/api-types.ts';
import type { RouteTaskData, RouteTaskResponses } from '../../../packages/client/src/generated/types.gen.ts';
import { callApi } from '../app/api.ts';
import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { formatCount } from '../app/format.ts';
import { session } from '../app/session.ts';
import { dataTable } from '../components/data-table.ts';
import { errorNotice } from '../components/notice.ts';
import { apiKeyForm } from '../components/sign-in.ts';
import type { RegistryModel } from './models.ts';

type Decision = RouteTaskResponses[200]['data'];
type RouteBody = RouteTaskData['body'];

const policies: readonly { value: NonNullable<RouteBody['policy']> | ''; label: string }[] = [
  { value: '', label: 'Your plan’s default' },
  { value: 'cost', label: 'Cost: cheapest first' },
  { value: 'quality', label: 'Quality: best first' },
  { value: 'latency', label: 'Latency: fastest first' },
  { value: 'balanced', label: 'Balanced' },
];

const signalNames: readonly { key: keyof Decision['signals']; label: string }[] = [
  { key: 'code', label: 'code' },
  { key: 'math', label: 'maths' },
  { key: 'nonEnglish', label: 'not English' },
  { key: 'longInput', label: 'long input' },
];

function field(label: string, control: HTMLElement & { id: string }, hint?: string): HTMLElement {
  const hintId = hint ? uniqueId('hint') : undefined;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return h('div', { className: 'field' }, h('label', { for: control.id }, label), control, hint ? h('p', { id: hintId, className: 'hint' }, hint) : null);
}

export function decisionView(decision: Decision): HTMLElement {
  const first = decision.chain[0];
  return h(
    'section',
    { className: 'card dry-run-result', 'aria-labelledby': 'dry-run-answer' },
    h('h3', { id: 'dry-run-answer' }, first ? ['Would answer: ', h('code', null, first.id)] : 'No model would answer'),
    first?.provider === 'sandbox' ? h('p', { className: 'notice notice-warn' }, 'No provider key is configured on this service, so the built-in sandbox model answers every run with deterministic text.') : null,
    h(
      'dl',
      { className: 'facts' },
      h('dt', null, 'Reason'),
      h('dd', { className: 'route-reason' }, decision.reason),
      h('dt', null, 'Category'),
      h('dd', null, decision.category, decision.agent ? ` (from the agent ${decision.agent})` : ' (read from the prompt)'),
      h('dt', null, 'Policy'),
      h('dd', null, decision.policy),
      h('dt', null, 'Signals'),
      h('dd', null, h('ul', { className: 'signals', 'aria-label': 'Signals in the prompt' }, signalNames.map((signal) => h('li', { className: `badge ${decision.signals[signal.key] ? 'info' : ''}`.trim() }, `${signal.label}: ${decision.signals[signal.key] ? 'yes' : 'no'}`)))),
      h('dt', null, 'Input tokens'),
      h('dd', null, `about ${formatCount(decision.estimatedInputTokens)}`),
    ),
    h('h4', null, `Chain, in order (${decision.chain.length})`),
    decision.chain.length === 0
      ? h('p', null, 'Empty: no configured model fits this task.')
      : h('ol', { className: 'route-chain' }, decision.chain.map((model) => h('li', null, h('code', null, model.id), ` · ${model.provider}, ${model.quality} quality, ${model.speed}, ${formatCount(model.contextWindow)} tokens of context`))),
    h('h4', null, `Left out (${decision.excluded.length})`),
    decision.excluded.length === 0
      ? h('p', null, 'No configured model was left out.')
      : dataTable('Models left out of the chain', [
          { header: 'Model', cell: (skip) => h('code', null, skip.model) },
          { header: 'Reason', cell: (skip) => skip.reason },
        ], decision.excluded),
  );
}

async function loadAgents(signal: AbortSignal): Promise<AgentSummary[]> {
  try {
    const { body } = await callApi<{ data: AgentSummary[] }>('/api/agents', { signal });
    return [...body.data].sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    // Without the list the prompt alone decides the category; the form still works.
    return [];
  }
}

/** The dry-run form and its answer; asks for an API key first when there is none. */
export async function routingDryRun(root: HTMLElement, models: readonly RegistryModel[], signal: AbortSignal): Promise<void> {
  if (!session.apiKey()) {
    replaceChildren(root, apiKeyForm(() => routingDryRun(root, models, signal)));
    return;
  }
  const agents = await loadAgents(signal);
  if (signal.aborted) return;

  const prompt = h('textarea', { id: uniqueId('route-prompt'), name: 'prompt', required: true, rows: 4 });
  const agent = h('select', { id: uniqueId('route-agent'), name: 'agent' }, h('option', { value: '' }, 'None: read the category from the prompt'), agents.map((entry) => h('option', { value: entry.id }, `${entry.name} (${entry.id})`)));
  const policy = h('select', { id: uniqueId('route-policy'), name: 'policy' }, policies.map((entry) => h('option', { value: entry.value }, entry.label)));
  const model = h('select', { id: uniqueId('route-model'), name: 'model' }, h('option', { value: '' }, 'None: the router chooses'), models.map((entry) => h('option', { value: entry.id }, entry.id)));
  const fallbackId = uniqueId('route-fallback');
  const fallback = h('input', { id: fallbackId, name: 'fallback', type: 'checkbox' });
  const button = h('button', { type: 'submit', className: 'button primary' }, 'Route');
  const result = h('div', { className: 'dry-run-output' });

  const form = h(
    'form',
    { className: 'card dry-run-form', 'aria-label': 'Routing dry-run' },
    field('Prompt', prompt),
    h(
      'div',
      { className: 'row-fields' },
      field('Agent', agent, 'An agent sets the task’s category.'),
      field('Policy', policy),
      field('Pinned model', model, 'Alone, unless fallback is allowed.'),
    ),
    h('label', { className: 'field-check', for: fallbackId }, fallback, 'Fall back to the chain after the pinned model'),
    h('div', { className: 'actions' }, button),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (!prompt.value.trim()) {
        replaceChildren(result, h('p', { className: 'field-error', role: 'alert' }, 'Enter a prompt to route.'));
        prompt.focus();
        return;
      }
      const body: RouteBody = { prompt: prompt.value };
      if (agent.value) body.agent = agent.value;
      if (policy.value) body.policy = policy.value as NonNullable<RouteBody['policy']>;
      if (model.value) {
        body.model = model.value;
        body.fallback = fallback.checked;
      }
      button.disabled = true;
      result.setAttribute('aria-busy', 'true');
      try {
        const { body: answer } = await callApi<{ data: Decision }>('/api/router/route', { method: 'POST', body, signal });
        replaceChildren(result, decisionView(answer.data));
        const first = answer.data.chain[0];
        announce(first ? `Would answer: ${first.id}. ${answer.data.reason}` : `No model would answer. ${answer.data.reason}`);
      } catch (error) {
        if (!signal.aborted) replaceChildren(result, errorNotice(error));
      } finally {
        button.disabled = false;
        result.removeAttribute('aria-busy');
      }
    })();
  });

  replaceChildren(root, form, result);
}
