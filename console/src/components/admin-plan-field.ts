import { h, uniqueId } from '../app/dom.ts';

export interface PlanField {
  element: HTMLElement;
  /** The chosen plan id, or undefined for the empty choice. */
  value(): string | undefined;
  reset(): void;
}

/**
 * A plan on one surface: a select of the ids the service accepts, led by an empty choice ("Default",
 * "Keep"), or a text field when the ids could not be learned.
 */
export function planField(options: { label: string; hint: string; ids: readonly string[] | undefined; emptyLabel: string }): PlanField {
  const id = uniqueId('plan');
  const hintId = uniqueId('plan-hint');
  const control = options.ids
    ? h('select', { id, 'aria-describedby': hintId }, h('option', { value: '' }, options.emptyLabel), options.ids.map((planId) => h('option', { value: planId }, planId)))
    : h('input', { id, type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: options.emptyLabel, 'aria-describedby': hintId });
  return {
    element: h('div', { className: 'field' }, h('label', { for: id }, options.label), control, h('p', { id: hintId, className: 'hint' }, options.hint)),
    value: () => control.value.trim() || undefined,
    reset: () => {
      control.value = '';
    },
  };
}
