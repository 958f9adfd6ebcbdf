import { callApi } from '../app/api.ts';
import type { Run } from '../app/api-types.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { errorNotice } from './notice.ts';
import { runAllows } from './run-status.ts';

export interface RunActions {
  element: HTMLElement;
  /** Shows the buttons the run's state allows. */
  update(run: Run): void;
}

/**
 * Cancel (after a confirmation dialog) and Resume, shown only when the run's state allows them.
 * `onChanged` is called after either succeeded, with the run when the answer carried it; the page announces
 * the run's new state.
 */
export function runActions(runId: string, signal: AbortSignal, onChanged: (run: Run | undefined) => void | Promise<void>): RunActions {
  const status = h('div', { className: 'run-actions-status' });
  const cancelButton = h('button', { type: 'button', className: 'button danger', hidden: true }, 'Cancel run');
  const resumeButton = h('button', { type: 'button', className: 'button primary', hidden: true }, 'Resume run');
  const dialog = cancelDialog(async () => {
    await act(cancelButton, async () => {
      const answer = await callApi<{ data: Run }>(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST', signal });
      await onChanged(answer.body.data);
    });
  });
  cancelButton.addEventListener('click', () => dialog.showModal());
  resumeButton.addEventListener('click', () => {
    void act(resumeButton, async () => {
      await callApi(`/api/runs/${encodeURIComponent(runId)}/resume`, { method: 'POST', signal });
      await onChanged(undefined);
    });
  });

  async function act(button: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
    replaceChildren(status);
    button.disabled = true;
    try {
      await work();
      // The button just used is gone with the state it acted on: the keyboard goes on from the one now offered.
      if (button.hidden) [cancelButton, resumeButton].find((other) => !other.hidden)?.focus();
    } catch (error) {
      if (!signal.aborted) replaceChildren(status, errorNotice(error));
    } finally {
      button.disabled = false;
    }
  }

  return {
    element: h('div', { className: 'run-actions' }, h('div', { className: 'actions' }, cancelButton, resumeButton), status, dialog),
    update(run) {
      const allowed = runAllows(run);
      cancelButton.hidden = !allowed.cancel;
      resumeButton.hidden = !allowed.resume;
    },
  };
}

function cancelDialog(onConfirm: () => Promise<void>): HTMLDialogElement {
  const titleId = uniqueId('cancel-title');
  const textId = uniqueId('cancel-text');
  const dialog = h(
    'dialog',
    { className: 'card run-cancel-dialog', 'aria-labelledby': titleId, 'aria-describedby': textId },
    h('h2', { id: titleId }, 'Cancel this run?'),
    h('p', { id: textId }, 'Steps that have not finished become canceled. A step already running keeps its cost, but its result is discarded. A canceled run can be resumed later from its first unfinished step.'),
  );
  const confirm = h('button', { type: 'button', className: 'button danger' }, 'Yes, cancel the run');
  const keep = h('button', { type: 'button', className: 'button' }, 'Keep it running');
  confirm.addEventListener('click', () => {
    dialog.close();
    void onConfirm();
  });
  keep.addEventListener('click', () => dialog.close());
  dialog.append(h('div', { className: 'actions' }, keep, confirm));
  return dialog;
}
