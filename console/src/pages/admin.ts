import { ApiError } from '../app/api.ts';
import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { session } from '../app/session.ts';
import { accountPlansSection } from '../components/admin-account-plans.ts';
import { listPlans, type PlanChoices } from '../components/admin-api.ts';
import { createKeySection } from '../components/admin-create-key.ts';
import { adminKeysSection } from '../components/admin-keys.ts';
import { adminTokenForm } from '../components/admin-token-form.ts';
import { errorNotice, loading } from '../components/notice.ts';

/**
 * The operator's page, behind the service's ADMIN_TOKEN (asked for here, kept in this tab): API keys
 * (list, create, revoke) and account plans. It needs no API key.
 */
export async function adminPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Admin');
  const heading = h('h1', null, 'Admin');
  const content = h('div', { className: 'stack' });
  replaceChildren(root, heading, content);

  const askForToken = (problem?: unknown): void => {
    replaceChildren(content, adminTokenForm(async () => {
      announce('Admin token accepted.');
      await showTools();
      heading.focus();
    }, problem));
  };

  async function showTools(): Promise<void> {
    replaceChildren(content, loading('the admin tools'));
    let plans: PlanChoices;
    try {
      // This checks the token too: a stale one (or a service without ADMIN_TOKEN) asks again, saying why.
      plans = await listPlans(context.signal);
    } catch (error) {
      if (context.signal.aborted) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        session.setAdminToken(undefined);
        askForToken(error);
      } else {
        replaceChildren(content, errorNotice(error));
      }
      return;
    }
    const usersListId = uniqueId('known-users');
    const users = h('datalist', { id: usersListId });
    const keys = adminKeysSection(context.signal);
    keys.onUsers((names) => replaceChildren(users, names.map((name) => h('option', { value: name }))));
    const forget = h('button', { type: 'button', className: 'button' }, 'Forget token');
    forget.addEventListener('click', () => {
      session.setAdminToken(undefined);
      announce('Admin token forgotten.');
      askForToken();
      content.querySelector<HTMLInputElement>('input')?.focus();
    });
    replaceChildren(
      content,
      h('div', { className: 'token-bar notice' }, h('p', null, 'The admin token is kept in this tab until you forget it or close the tab.'), forget),
      createKeySection({ plans, signal: context.signal, usersListId, onCreated: () => void keys.reload() }),
      keys.element,
      accountPlansSection({ plans, signal: context.signal, usersListId, onChanged: () => void keys.reload() }),
      users,
    );
    await keys.reload();
  }

  if (session.adminToken()) await showTools();
  else askForToken();
}
