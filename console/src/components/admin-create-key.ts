import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { createApiKey, type CreatedKey, type PlanChoices } from './admin-api.ts';
import { planField } from './admin-plan-field.ts';
import { runBusy } from './busy-action.ts';
import { secretReveal } from './secret-reveal.ts';

/** POST /api/admin/keys: a key for a user (the account is made on first use), its plans and a label; the key is shown once. */
export function createKeySection(options: { plans: PlanChoices; signal: AbortSignal; onCreated(created: CreatedKey): void; usersListId: string }): HTMLElement {
  const userId = uniqueId('new-key-user');
  const nameId = uniqueId('new-key-name');
  const user = h('input', { id: userId, name: 'user', required: true, maxlength: 200, autocomplete: 'off', spellcheck: 'false', list: options.usersListId, 'aria-describedby': `${userId}-hint` });
  const name = h('input', { id: nameId, name: 'name', maxlength: 100, autocomplete: 'off', 'aria-describedby': `${nameId}-hint` });
  const keep = 'an existing account keeps its plan';
  const apiPlan = planField({ label: 'Plan on /api', hint: `Left as the default, a new account gets ${options.plans.api.defaultPlan} and ${keep}.`, surface: options.plans.api, emptyLabel: 'Default' });
  const v1Plan = planField({ label: 'Plan on /api/v1', hint: `The stable programmatic surface’s own plans. Left as the default, a new account gets ${options.plans.v1.defaultPlan} and ${keep}.`, surface: options.plans.v1, emptyLabel: 'Default' });
  const submit = h('button', { type: 'submit', className: 'button primary' }, 'Create key');
  const result = h('div', { className: 'secret-result' });
  const form = h(
    'form',
    { className: 'form-grid', 'aria-labelledby': 'create-key-heading' },
    h('div', { className: 'field' }, h('label', { for: userId }, 'User ', h('span', { className: 'required-mark', 'aria-hidden': 'true' }, '*')), user, h('p', { id: `${userId}-hint`, className: 'hint' }, 'The account id; the account is created on first use.')),
    h('div', { className: 'field' }, h('label', { for: nameId }, 'Name'), name, h('p', { id: `${nameId}-hint`, className: 'hint' }, 'Optional label, e.g. where the key is used.')),
    apiPlan.element,
    v1Plan.element,
    h('div', { className: 'actions form-actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replaceChildren(result, h('p', { className: 'loading', role: 'status' }, 'Creating the key…'));
    void runBusy(submit, result, options.signal, async () => {
      const created = await createApiKey({ user: user.value.trim(), name: name.value.trim() || undefined, plan: apiPlan.value(), v1Plan: v1Plan.value() }, options.signal);
      replaceChildren(
        result,
        h('h3', { tabindex: -1 }, `New key for ${created.user}`),
        h('dl', { className: 'facts' }, h('dt', null, 'Prefix'), h('dd', null, h('code', null, created.prefix)), h('dt', null, 'Plans'), h('dd', null, `${created.apiPlan} on /api, ${created.v1Plan} on /api/v1`), created.name ? [h('dt', null, 'Name'), h('dd', null, created.name)] : null),
        secretReveal({ label: 'New API key', secret: created.key, intro: 'Give it to its user over a safe channel; it is stored as a hash.' }),
      );
      form.reset();
      apiPlan.reset();
      v1Plan.reset();
      announce(`Key created for ${created.user}. Copy it now: it will not be shown again.`);
      result.querySelector<HTMLElement>('h3')?.focus();
      options.onCreated(created);
    });
  });
  return h('section', { className: 'card stack section-card', 'aria-labelledby': 'create-key-heading' }, h('h2', { id: 'create-key-heading' }, 'Create a key'), form, result);
}
