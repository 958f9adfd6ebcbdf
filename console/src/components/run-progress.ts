import type { Run } from '../app/api-types.ts';
import { h, uniqueId } from '../app/dom.ts';
import { stepsSummary } from './run-status.ts';

export interface RunProgress {
  element: HTMLElement;
  update(run: Pick<Run, 'progress' | 'status' | 'stepCount' | 'stepsSucceeded' | 'stepsFailed'>): void;
}

/** A labelled `<progress>` bar with the share of steps executed and, in words, how many are done. */
export function runProgress(): RunProgress {
  const labelId = uniqueId('run-progress');
  const bar = h('progress', { className: 'run-progress-bar', max: 100, value: 0, 'aria-labelledby': labelId });
  const label = h('span', { id: labelId, className: 'run-progress-label' });
  const detail = h('span', { className: 'run-progress-detail muted' });
  return {
    element: h('div', { className: 'run-progress' }, h('div', { className: 'run-progress-text' }, label, detail), bar),
    update(run) {
      bar.value = run.progress;
      label.textContent = `Progress: ${run.progress}%`;
      const summary = stepsSummary(run);
      detail.textContent = summary ? ` · ${summary}` : '';
    },
  };
}
