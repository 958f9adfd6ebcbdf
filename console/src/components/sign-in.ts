import { callApi } from '../app/api.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { session } from '../app/session.ts';
import { errorNotice } from './notice.ts';

/**
 * A page that needs the account's API key renders through this: with a key, `render` runs; without one,
 * a sign-in form asks for it, checks it against the API, keeps it in session storage, then renders.
 */
export async function withApiKey(root: HTMLElement, title: string, render: () => void | Promise<void>): Promise<void> {
  if (session.apiKey()) {
    await render();
    return;
  }
  replaceChildren(root, h('h1', null, title), apiKeyForm(async () => {
    await render();
  }));
}

export function apiKeyForm(onSignedIn: () => void | Promise<void>): HTMLElement {
  const inputId = uniqueId('api-key');
  const hintId = uniqueId('api-key-hint');
  const input = h('input', { id: inputId, name: 'apiKey', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true, 'aria-describedby': hintId });
  const status = h('div');
  const form = h(
    'form',
    { className: 'card sign-in', 'aria-label': 'Sign in with an API key' },
    h('h2', null, 'Sign in with an API key'),
    h('label', { for: inputId }, 'API key'),
    input,
    h('p', { id: hintId, className: 'hint' }, 'The key stays in this tab (session storage) and is sent only to this service. Create one with ', h('code', null, 'npx agentapi keys create --user you'), ' or on the Admin page.'),
    h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary' }, 'Sign in')),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const key = input.value.trim();
      replaceChildren(status);
      try {
        await fetchUsageWith(key);
        session.setApiKey(key);
        await onSignedIn();
      } catch (error) {
        replaceChildren(status, errorNotice(error));
        input.focus();
      }
    })();
  });
  return form;
}

/** A key is good when the service answers the account's usage with it. */
async function fetchUsageWith(key: string): Promise<void> {
  const previous = session.apiKey();
  session.setApiKey(key);
  try {
    await callApi('/api/usage');
  } finally {
    session.setApiKey(previous);
  }
}
