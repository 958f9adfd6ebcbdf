import { ApiError, callApi } from '../app/api.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import type { GetPlaybookResponses, StartedRun } from '../../../packages/client/src/generated/types.gen.ts';
import { errorNotice } from './notice.ts';

export type Playbook = GetPlaybookResponses[200]['data'];
type Field = Playbook['fields'][number];

interface FieldControl {
  field: Field;
  control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  error: HTMLElement;
}

/**
 * The form that starts a playbook: one labelled control per input, checked by the service (its issues show
 * under their fields), in the background (`async: true`). A playbook with a step that needs confirmation asks
 * for it with the service's preview, then sends `confirmed: true`. `onStarted` gets the new run's id.
 */
export function playbookRunForm(playbook: Playbook, signal: AbortSignal, onStarted: (runId: string) => void): HTMLFormElement {
  const controls = playbook.fields.map(fieldControl);
  const status = h('div', { className: 'run-form-status' });
  const submit = h('button', { type: 'submit', className: 'button primary' }, 'Start');
  const form = h(
    'form',
    { className: 'card run-playbook-form', 'aria-labelledby': 'run-form-heading', novalidate: true },
    h('h2', { id: 'run-form-heading' }, 'Start a run'),
    h('p', { className: 'hint' }, 'Fields marked ', h('span', { className: 'required-mark', 'aria-hidden': 'true' }, '*'), ' are required. The run goes on in the background; its page follows it live.'),
    controls.map(({ field, control, error }) => fieldBlock(field, control, error)),
    h('div', { className: 'actions' }, submit),
    status,
  );

  async function start(confirmed: boolean): Promise<void> {
    for (const { control, error } of controls) {
      control.removeAttribute('aria-invalid');
      replaceChildren(error);
    }
    replaceChildren(status, h('p', { className: 'loading', role: 'status' }, 'Starting…'));
    submit.disabled = true;
    try {
      const answer = await callApi<StartedRun>('/api/playbooks/run', {
        method: 'POST',
        signal,
        body: { playbook_id: playbook.id, inputs: inputsOf(controls), async: true, ...(confirmed ? { confirmed: true } : {}) },
      });
      onStarted(answer.body.runId);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.code === 'confirmation_required') {
        replaceChildren(status, confirmation(error, () => void start(true)));
        status.querySelector<HTMLButtonElement>('button')?.focus();
        return;
      }
      replaceChildren(status, errorNotice(error));
      markIssues(controls, error);
    } finally {
      submit.disabled = false;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void start(false);
  });
  return form;
}

function fieldControl(field: Field): FieldControl {
  const id = uniqueId(`input-${field.key}`);
  const errorId = `${id}-error`;
  const common = { id, name: field.key, required: field.required, 'aria-describedby': errorId };
  let control: FieldControl['control'];
  switch (field.type) {
    case 'textarea':
      control = h('textarea', { ...common, rows: 4 });
      break;
    case 'select':
      control = h('select', common, field.required ? h('option', { value: '' }, 'Choose…') : h('option', { value: '' }, '(none)'), (field.options ?? []).map((option) => h('option', { value: option }, option)));
      break;
    case 'boolean':
      control = h('input', { ...common, type: 'checkbox', required: false });
      break;
    case 'number':
      control = h('input', { ...common, type: 'number', inputmode: 'decimal' });
      break;
    case 'url':
      control = h('input', { ...common, type: 'url', inputmode: 'url', placeholder: 'https://…' });
      break;
    default:
      control = h('input', { ...common, type: 'text' });
  }
  return { field, control, error: h('p', { id: errorId, className: 'field-error' }) };
}

function fieldBlock(field: Field, control: FieldControl['control'], error: HTMLElement): HTMLElement {
  const mark = field.required ? [' ', h('span', { className: 'required-mark', 'aria-hidden': 'true' }, '*'), h('span', { className: 'visually-hidden' }, '(required)')] : null;
  if (field.type === 'boolean') {
    return h('div', { className: 'run-form-field' }, h('label', { for: control.id, className: 'field-check' }, control, field.label, mark), error);
  }
  return h('div', { className: 'run-form-field' }, h('label', { for: control.id }, field.label, mark), control, error);
}

/** The inputs to send: empty optional fields are left out, numbers and booleans keep their type. */
function inputsOf(controls: readonly FieldControl[]): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const { field, control } of controls) {
    if (field.type === 'boolean') {
      inputs[field.key] = (control as HTMLInputElement).checked;
      continue;
    }
    const value = control.value.trim();
    if (value === '') continue;
    inputs[field.key] = field.type === 'number' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return inputs;
}

/** The service's issues (`inputs.<key>`) shown under their fields; focus goes to the first. */
function markIssues(controls: readonly FieldControl[], error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const issues = (error.body as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  let first: FieldControl['control'] | undefined;
  for (const issue of issues) {
    const found = controls.find(({ field }) => issue.path === `inputs.${field.key}` || issue.path === `body.inputs.${field.key}`);
    if (!found) continue;
    found.control.setAttribute('aria-invalid', 'true');
    found.error.textContent = issue.message;
    first ??= found.control;
  }
  first?.focus();
}

interface ConfirmationPreview {
  needsConfirmation?: { stepIndex: number; agent: string; name: string; description: string }[];
}

function confirmation(error: ApiError, onConfirm: () => void): HTMLElement {
  const preview = (error.body as { preview?: ConfirmationPreview } | undefined)?.preview;
  return h(
    'div',
    { className: 'notice notice-warn', role: 'alert' },
    h('p', null, error.message, '. These steps act on the world or cost more:'),
    h('ul', null, (preview?.needsConfirmation ?? []).map((step) => h('li', null, `Step ${step.stepIndex + 1}: `, h('strong', null, step.name), ` (${step.agent}): ${step.description}`))),
    h('div', { className: 'actions' }, h('button', { type: 'button', className: 'button primary', onClick: onConfirm }, 'Confirm and start')),
  );
}
