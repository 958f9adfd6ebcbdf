import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId, type Child } from '../app/dom.ts';

export interface SecretRevealOptions {
  /** The field's label ("Signing secret", "New API key"). */
  label: string;
  secret: string;
  /** Said above the field, e.g. what the secret is for; the warning that it is shown once is always added. */
  intro?: Child;
}

/**
 * A secret the service shows only once: in a read-only field with a Copy button, under a warning that it
 * will not be shown again. It lives only in this element: leaving the page drops it, and nothing stores it.
 */
export function secretReveal(options: SecretRevealOptions): HTMLElement {
  const fieldId = uniqueId('secret');
  const warningId = uniqueId('secret-warning');
  const status = h('p', { className: 'hint copy-status' });
  const field = h('input', {
    id: fieldId,
    type: 'text',
    readonly: true,
    value: options.secret,
    className: 'secret-field',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': warningId,
  });
  field.addEventListener('focus', () => field.select());
  const copy = h('button', { type: 'button', className: 'button primary' }, 'Copy');
  copy.setAttribute('aria-label', `Copy the ${options.label.toLowerCase()}`);
  copy.addEventListener('click', () => {
    void copyText(field).then((copied) => {
      const message = copied ? 'Copied to the clipboard.' : 'Could not reach the clipboard: the text is selected, press Ctrl+C (⌘C) to copy it.';
      replaceChildren(status, message);
      announce(message);
    });
  });
  return h(
    'div',
    { className: 'secret-reveal' },
    options.intro ? h('p', null, options.intro) : null,
    h('p', { id: warningId, className: 'notice notice-warn' }, h('strong', null, 'Copy it now: it will not be shown again. '), 'This page forgets it when you leave, and the service cannot show it again.'),
    h('label', { for: fieldId }, options.label),
    h('div', { className: 'secret-row' }, field, copy),
    status,
  );
}

/** The clipboard API where the browser allows it; otherwise the text is left selected for the user to copy. */
async function copyText(field: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    field.focus();
    field.select();
    return false;
  }
}
