import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { changePlans, type AccountPlans, type PlanChoices } from './admin-api.ts';
import { planField } from './admin-plan-field.ts';
import { runBusy } from './busy-action.ts';

/** PATCH /api/admin/accounts/{user}: a user's plan on either surface; the new daily limit applies from the next request. */
export function accountPlansSection(options: { plans: PlanChoices; signal: AbortSignal; usersListId: string; onChanged(plans: AccountPlans): void }): HTMLElement {
  const userId = uniqueId('plan-user');
  const user = h('input', { id: userId, name: 'user', required: true, maxlength: 200, autocomplete: 'off', spellcheck: 'false', list: options.usersListId, 'aria-describedby': `${userId}-hint` });
  const apiPlan = planField({ label: 'New plan on /api', hint: 'Its daily limit applies from the account’s next request.', surface: options.plans.api, emptyLabel: 'Keep as it is' });
  const v1Plan = planField({ label: 'New plan on /api/v1', hint: 'Choose at least one of the two.', surface: options.plans.v1, emptyLabel: 'Keep as it is' });
  const submit = h('button', { type: 'submit', className: 'button primary' }, 'Change plan');
  const result = h('div');
  const form = h(
    'form',
    { className: 'form-grid', 'aria-labelledby': 'account-plans-heading' },
    h('div', { className: 'field' }, h('label', { for: userId }, 'Account ', h('span', { className: 'required-mark', 'aria-hidden': 'true' }, '*')), user, h('p', { id: `${userId}-hint`, className: 'hint' }, 'An existing account id (a user with a key).')),
    apiPlan.element,
    v1Plan.element,
    h('div', { className: 'actions form-actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replaceChildren(result);
    void runBusy(submit, result, options.signal, async () => {
      const changed = await changePlans(user.value.trim(), { plan: apiPlan.value(), v1Plan: v1Plan.value() }, options.signal);
      const message = `${changed.user} is now on ${changed.apiPlan} on /api and ${changed.v1Plan} on /api/v1.`;
      replaceChildren(result, h('p', { className: 'notice notice-ok' }, message));
      announce(message);
      options.onChanged(changed);
    });
  });
  return h(
    'section',
    { className: 'card stack section-card', 'aria-labelledby': 'account-plans-heading' },
    h('h2', { id: 'account-plans-heading' }, 'Account plans'),
    form,
    result,
  );
}
