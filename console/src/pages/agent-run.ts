// Running an agent from the console: a form generated from its input schema (plus `prompt`, and
// `confirmed` where the agent asks for it), POST /api/agents/{id} with the account's key, then the answer
// rendered, how it was made (runMetaView), and the same request as code. Errors stay next to the form:
// field problems beside their inputs, a safety block with its layer, a used-up quota with its reset time.
import { announce } from '../app/announce.ts';
import { ApiError, callApi } from '../app/api.ts';
import type { AgentDetail, AgentRunEnvelope } from '../app/api-types.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { formatTime } from '../app/format.ts';
import { session } from '../app/session.ts';
import { copySnippets, type SnippetRequest } from '../components/copy-snippets.ts';
import { errorNotice } from '../components/notice.ts';
import { outputView } from '../components/output-view.ts';
import { runMetaView } from '../components/run-meta-view.ts';
import { safetyView } from '../components/safety-view.ts';
import { schemaForm, type JsonSchema, type SchemaForm } from '../components/schema-form.ts';
import { apiKeyForm } from '../components/sign-in.ts';

const promptSchema: JsonSchema = {
  type: 'string',
  maxLength: 50_000,
  description: 'The task in your own words. Needed when the fields above are left empty; with them, it adds instructions.',
};

type ErrorBody = Record<string, unknown>;

function bodyOf(error: ApiError): ErrorBody {
  return typeof error.body === 'object' && error.body !== null ? (error.body as ErrorBody) : {};
}

function issuesOf(body: ErrorBody): { path: string; message: string }[] {
  if (!Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) => {
    const record = (typeof issue === 'object' && issue !== null ? issue : {}) as ErrorBody;
    return typeof record.message === 'string' ? [{ path: typeof record.path === 'string' ? record.path : '', message: record.message }] : [];
  });
}

interface ConfirmControl {
  element: HTMLElement;
  box: HTMLInputElement;
  show(): void;
}

function confirmControl(agent: AgentDetail): ConfirmControl {
  const id = uniqueId('confirmed');
  const box = h('input', { id, type: 'checkbox', name: 'confirmed', 'aria-describedby': `${id}-hint` });
  const element = h(
    'div',
    { className: 'confirm-field notice notice-warn', hidden: !agent.requiresConfirmation },
    h('div', { className: 'field-check' }, box, h('label', { for: id }, 'Confirm this run')),
    h('p', { id: `${id}-hint`, className: 'hint' }, agent.readOnly ? 'This agent has a notable cost: it runs only when you confirm.' : 'This agent acts beyond its answer (it may contact people or services): it runs only when you confirm.'),
  );
  return {
    element,
    box,
    show() {
      element.hidden = false;
    },
  };
}

function requestBody(form: SchemaForm, confirm: ConfirmControl): Record<string, unknown> {
  return { ...form.value(), ...(confirm.box.checked && !confirm.element.hidden ? { confirmed: true } : {}) };
}

/** What a refused run shows besides the error itself: the layer that blocked it, the quota, the preview. */
function errorDetails(error: ApiError, form: SchemaForm, confirm: ConfirmControl): HTMLElement[] {
  const body = bodyOf(error);
  const parts: HTMLElement[] = [];
  if (error.code === 'safety_blocked' || error.code === 'output_blocked') {
    const categories = Array.isArray(body.categories) ? body.categories.join(', ') : '';
    parts.push(h('p', { className: 'blocked-layer' }, 'Blocked by the ', h('strong', null, String(body.layer ?? 'safety')), ' layer', categories ? ` (${categories})` : '', error.code === 'safety_blocked' ? ': no model saw the request, and it was not counted.' : '.'));
    const safety = body.safety as Parameters<typeof safetyView>[0] | undefined;
    if (safety && Array.isArray(safety.layers)) parts.push(safetyView(safety, 'Safety layers that ran'));
  } else if (error.code === 'invalid_request') {
    const unmatched = form.showIssues(issuesOf(body));
    parts.push(h('p', null, unmatched.length < issuesOf(body).length ? 'The fields marked below need a change.' : 'The request needs a change.'));
    if (unmatched.length) parts.push(h('ul', { className: 'issue-list' }, unmatched.map((issue) => h('li', null, issue.path ? [h('code', null, issue.path), ': '] : null, issue.message))));
  } else if (error.code === 'confirmation_required') {
    confirm.show();
    const preview = (typeof body.preview === 'object' && body.preview !== null ? body.preview : {}) as ErrorBody;
    parts.push(h('p', null, 'Tick “Confirm this run” and run again. What would run:'));
    if (typeof preview.task === 'string') parts.push(h('pre', { className: 'json-view', tabindex: 0, 'aria-label': 'The task that would run' }, h('code', null, preview.task)));
    queueMicrotask(() => confirm.box.focus());
  } else if (error.status === 429) {
    const usage = (typeof body.usage === 'object' && body.usage !== null ? body.usage : {}) as ErrorBody;
    parts.push(h('p', null, `Used ${String(usage.used ?? '?')} of ${String(usage.limit ?? '?')} on the ${String(usage.plan ?? '')} plan today.`, typeof body.resetAt === 'string' ? ` The limit resets ${formatTime(body.resetAt)}.` : ''));
  }
  return parts;
}

export interface AgentRunParts {
  /** The generated form, with the Run button. */
  form: HTMLElement;
  /** Where the answer, its meta or the error appear. */
  result: HTMLElement;
  /** "Copy as", following the form. */
  snippets: HTMLElement;
}

export function agentRunSection(agent: AgentDetail, signal: AbortSignal): AgentRunParts {
  const form = schemaForm((agent.inputSchema ?? { type: 'object', properties: {} }) as JsonSchema, { idPrefix: `run-${agent.id}`, extra: { prompt: promptSchema } });
  const confirm = confirmControl(agent);
  const runButton = h('button', { type: 'submit', className: 'button primary' }, 'Run');
  const status = h('p', { className: 'run-status muted', role: 'status' });
  const result = h('div', { className: 'run-result stack' });
  const snippetRequest = (): SnippetRequest => ({ url: `${location.origin}/api/agents/${encodeURIComponent(agent.id)}`, method: 'POST', body: requestBody(form, confirm) });
  const snippets = copySnippets(snippetRequest());
  const refreshSnippets = (): void => snippets.update(snippetRequest());

  const run = async (): Promise<void> => {
    const body = requestBody(form, confirm);
    form.clearIssues();
    runButton.disabled = true;
    replaceChildren(status, 'Running…');
    replaceChildren(result);
    const started = performance.now();
    try {
      const response = await callApi<AgentRunEnvelope>(`/api/agents/${encodeURIComponent(agent.id)}`, { method: 'POST', body, signal });
      const envelope = response.body;
      const elapsed = envelope.responseTimeMs ?? performance.now() - started;
      replaceChildren(
        result,
        h('section', { className: 'run-answer card', 'aria-labelledby': 'answer-heading' }, h('h2', { id: 'answer-heading', tabindex: -1 }, 'Answer'), outputView(envelope.data, agent.name)),
        h('section', { className: 'card', 'aria-labelledby': 'meta-heading' }, h('h2', { id: 'meta-heading' }, 'Run details'), runMetaView(envelope.meta, elapsed)),
      );
      replaceChildren(status, `Answered by ${envelope.meta.model}.`);
      result.querySelector<HTMLElement>('#answer-heading')?.focus();
      announce(`The answer is ready, from ${envelope.meta.model}.`);
    } catch (error) {
      if (signal.aborted) return;
      replaceChildren(status, 'The run did not complete.');
      if (error instanceof ApiError && (error.code === 'api_key_missing' || error.status === 401)) {
        replaceChildren(result, error.status === 401 && session.apiKey() ? errorNotice(error) : null, apiKeyForm(() => {
          replaceChildren(result);
          return run();
        }));
        result.querySelector('input')?.focus();
      } else {
        replaceChildren(result, h('div', { className: 'run-error' }, errorNotice(error), error instanceof ApiError ? errorDetails(error, form, confirm) : null));
      }
      announce('The run did not complete: see the error.');
    } finally {
      runButton.disabled = false;
    }
  };

  const formElement = h(
    'form',
    { className: 'card run-form', 'aria-labelledby': 'run-heading', novalidate: true },
    h('h2', { id: 'run-heading' }, 'Run it'),
    h('p', { className: 'hint' }, 'Fields marked * are the agent’s required fields; a prompt alone also works. Runs count against your daily quota and use your API key from this tab.'),
    form.element,
    confirm.element,
    h('div', { className: 'actions' }, runButton),
    status,
  );
  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  formElement.addEventListener('input', refreshSnippets);
  formElement.addEventListener('change', refreshSnippets);
  // Adding or removing list items changes the request without an input event.
  formElement.addEventListener('click', () => queueMicrotask(refreshSnippets));
  return { form: formElement, result, snippets: h('div', { className: 'card' }, snippets.element) };
}
