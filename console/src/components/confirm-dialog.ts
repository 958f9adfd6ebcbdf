import { h, uniqueId, type Child } from '../app/dom.ts';

export interface ConfirmOptions {
  /** The dialog's title, also its accessible name. */
  title: string;
  /** What will happen; also the dialog's accessible description. */
  body: Child;
  /** The confirming button's text, a verb saying what it does ("Revoke key"). */
  confirmLabel: string;
  /** A destructive action's button is drawn as a danger button. */
  danger?: boolean;
  /** Leaving the page closes the dialog as cancelled. */
  signal?: AbortSignal;
}

/**
 * Asks before an action that cannot be undone, in a native modal `<dialog>`: focus is kept inside it,
 * Escape cancels, and focus goes back to where it was when it closes. Cancel is focused first, so Enter
 * alone never confirms. Resolves true only when the user confirmed.
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const titleId = uniqueId('confirm-title');
  const bodyId = uniqueId('confirm-body');
  const cancel = h('button', { type: 'submit', value: 'cancel', className: 'button' }, 'Cancel');
  const confirm = h('button', { type: 'submit', value: 'confirm', className: `button ${options.danger ? 'danger-solid' : 'primary'}` }, options.confirmLabel);
  const dialog = h(
    'dialog',
    { className: 'confirm-dialog', 'aria-labelledby': titleId, 'aria-describedby': bodyId },
    h(
      'form',
      { method: 'dialog' },
      h('h2', { id: titleId }, options.title),
      h('div', { id: bodyId, className: 'confirm-body' }, options.body),
      h('div', { className: 'actions' }, cancel, confirm),
    ),
  );
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
  document.body.append(dialog);

  return new Promise<boolean>((resolve) => {
    const onAbort = (): void => dialog.close('cancel');
    dialog.addEventListener('close', () => {
      options.signal?.removeEventListener('abort', onAbort);
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(dialog.returnValue === 'confirm');
    }, { once: true });
    options.signal?.addEventListener('abort', onAbort, { once: true });
    dialog.showModal();
    cancel.focus();
  });
}
