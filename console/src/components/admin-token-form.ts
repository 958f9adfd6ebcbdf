import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { session } from '../app/session.ts';
import { listApiKeys } from './admin-api.ts';
import { errorNotice } from './notice.ts';

/**
 * Asks for the service's ADMIN_TOKEN and checks it against GET /api/admin/keys before keeping it in this
 * tab's session storage. A refusal (a wrong token, or a service without ADMIN_TOKEN) is shown as the API says it.
 */
export function adminTokenForm(onAccepted: () => void | Promise<void>, problem?: unknown): HTMLElement {
  const inputId = uniqueId('admin-token');
  const hintId = uniqueId('admin-token-hint');
  const input = h('input', { id: inputId, name: 'adminToken', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true, 'aria-describedby': hintId });
  const status = h('div', null, problem === undefined ? null : errorNotice(problem));
  const form = h(
    'form',
    { className: 'card sign-in', 'aria-labelledby': `${inputId}-heading` },
    h('h2', { id: `${inputId}-heading` }, 'Enter the admin token'),
    h('label', { for: inputId }, 'Admin token'),
    input,
    h('p', { id: hintId, className: 'hint' }, 'The service’s ', h('code', null, 'ADMIN_TOKEN'), '. It stays in this tab (session storage) until you forget it or close the tab, and is sent only to this service.'),
    h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary' }, 'Use token')),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const token = input.value.trim();
      replaceChildren(status, h('p', { className: 'loading', role: 'status' }, 'Checking the token…'));
      session.setAdminToken(token);
      try {
        await listApiKeys({});
      } catch (error) {
        session.setAdminToken(undefined);
        replaceChildren(status, errorNotice(error));
        input.focus();
        return;
      }
      await onAccepted();
    })();
  });
  return form;
}
