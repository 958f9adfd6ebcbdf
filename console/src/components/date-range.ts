import { h, uniqueId, type Child } from '../app/dom.ts';
import { isDay, lastDays, todayUtc } from './day-range.ts';

export interface DayRange {
  from: string;
  to: string;
}

export interface DateRangeForm {
  element: HTMLFormElement;
  /** Shows a range (the one the service answered for) without submitting. */
  show(range: DayRange): void;
}

const presets = [7, 30] as const;
// (The field name is in backticks: the console's build takes the word from followed by a quote for an import.)

/**
 * From and to date inputs (UTC days, both included) with presets for the last 7 and 30 days. `extra`
 * controls (a grouping…) sit in the same form; submitting calls `onSubmit` with a checked range.
 */
export function dateRangeForm(options: { range: DayRange; label: string; extra?: Child; onSubmit(range: DayRange): void }): DateRangeForm {
  const today = todayUtc();
  const fromId = uniqueId('range-start');
  const toId = uniqueId('range-end');
  const errorId = uniqueId('range-error');
  const from = h('input', { id: fromId, name: `from`, type: 'date', required: true, max: today, value: options.range.from });
  const to = h('input', { id: toId, name: 'to', type: 'date', required: true, max: today, value: options.range.to });
  const error = h('p', { id: errorId, className: 'field-error', role: 'alert', hidden: true });

  const form = h(
    'form',
    { className: 'card date-range', 'aria-label': options.label, novalidate: true },
    h(
      'div',
      { className: 'date-range-fields' },
      h('div', { className: 'field' }, h('label', { for: fromId }, 'From'), from),
      h('div', { className: 'field' }, h('label', { for: toId }, 'To'), to),
      options.extra,
      h('div', { className: 'field field-submit' }, h('button', { type: 'submit', className: 'button primary' }, 'Show')),
    ),
    error,
    h(
      'div',
      { className: 'actions presets', role: 'group', 'aria-label': 'Presets' },
      presets.map((days) =>
        h('button', {
          type: 'button',
          className: 'button',
          onClick: () => {
            const range = lastDays(days, todayUtc());
            from.value = range.from;
            to.value = range.to;
            form.requestSubmit();
          },
        }, `Last ${days} days`),
      ),
    ),
  );

  const complain = (message: string | undefined, input?: HTMLInputElement): void => {
    error.textContent = message ?? '';
    error.hidden = message === undefined;
    for (const field of [from, to]) {
      if (field === input) {
        field.setAttribute('aria-invalid', 'true');
        field.setAttribute('aria-describedby', errorId);
      } else {
        field.removeAttribute('aria-invalid');
        field.removeAttribute('aria-describedby');
      }
    }
    input?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!isDay(from.value)) return complain('Enter the first day (YYYY-MM-DD).', from);
    if (!isDay(to.value)) return complain('Enter the last day (YYYY-MM-DD).', to);
    if (from.value > to.value) return complain('The first day is after the last day.', from);
    complain(undefined);
    options.onSubmit({ from: from.value, to: to.value });
  });

  return {
    element: form,
    show(range) {
      from.value = range.from;
      to.value = range.to;
    },
  };
}
