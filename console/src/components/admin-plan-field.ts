import { h, uniqueId } from '../app/dom.ts';
import { formatCount } from '../app/format.ts';
import type { PlanChoices } from './admin-api.ts';

export interface PlanField {
  element: HTMLElement;
  /** The chosen plan id, or undefined for the empty choice. */
  value(): string | undefined;
  reset(): void;
}

type SurfacePlans = PlanChoices['api'];

function describe(plan: SurfacePlans['plans'][number]): string {
  const limit = plan.dailyLimit === null ? 'unlimited' : `${formatCount(plan.dailyLimit)} requests a day`;
  return `${plan.id}: ${plan.name}, ${limit}`;
}

/** A plan on one surface: a select of the plans the service accepts, led by an empty choice ("Default", "Keep"). */
export function planField(options: { label: string; hint: string; surface: SurfacePlans; emptyLabel: string }): PlanField {
  const id = uniqueId('plan');
  const hintId = uniqueId('plan-hint');
  const select = h(
    'select',
    { id, 'aria-describedby': hintId },
    h('option', { value: '' }, options.emptyLabel),
    options.surface.plans.map((plan) => h('option', { value: plan.id }, describe(plan))),
  );
  return {
    element: h('div', { className: 'field' }, h('label', { for: id }, options.label), select, h('p', { id: hintId, className: 'hint' }, options.hint)),
    value: () => select.value || undefined,
    reset: () => {
      select.value = '';
    },
  };
}
