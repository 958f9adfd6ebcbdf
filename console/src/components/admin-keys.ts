import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { formatTime } from '../app/format.ts';
import { listApiKeys, revokeApiKey, type ApiKeySummary } from './admin-api.ts';
import { confirmDialog } from './confirm-dialog.ts';
import { dataTable } from './data-table.ts';
import { emptyState, errorNotice, loading } from './notice.ts';

export interface KeysSection {
  element: HTMLElement;
  /** Lists the keys again (after one was created), keeping the user filter. */
  reload(): Promise<void>;
  /** Called with the listed keys' users each time the list loads. */
  onUsers(listener: (users: readonly string[]) => void): void;
}

function time(iso: string | null, none: string): HTMLElement | string {
  return iso ? h('time', { datetime: iso }, formatTime(iso)) : none;
}

/** Every API key (GET /api/admin/keys, filtered by user as the API allows), each revocable after a confirmation. */
export function adminKeysSection(signal: AbortSignal): KeysSection {
  const filterId = uniqueId('keys-user');
  const filterInput = h('input', { id: filterId, type: 'search', autocomplete: 'off', spellcheck: 'false', placeholder: 'all users' });
  const filter = h(
    'form',
    { className: 'filter-row', role: 'search', 'aria-label': 'Filter keys by user' },
    h('div', { className: 'field' }, h('label', { for: filterId }, 'User'), filterInput),
    h('div', { className: 'row' }, h('button', { type: 'submit', className: 'button' }, 'Show keys'), h('button', { type: 'button', className: 'button ghost', onClick: () => { filterInput.value = ''; void reload(); } }, 'Show all')),
  );
  const body = h('div');
  const count = h('p', { className: 'hint', role: 'status' });
  let userListener: (users: readonly string[]) => void = () => undefined;
  let keys: ApiKeySummary[] = [];

  async function reload(focusPrefix?: string): Promise<void> {
    const user = filterInput.value.trim() || undefined;
    if (keys.length === 0) replaceChildren(body, loading('API keys'));
    try {
      keys = await listApiKeys({ user, signal });
    } catch (error) {
      if (signal.aborted) return;
      replaceChildren(body, errorNotice(error));
      return;
    }
    const active = keys.filter((key) => key.revokedAt === null).length;
    replaceChildren(count, `${keys.length} ${keys.length === 1 ? 'key' : 'keys'}${user ? ` of ${user}` : ''}, ${active} active.`);
    replaceChildren(body, keys.length === 0 ? emptyState(user ? `No key belongs to “${user}”.` : 'No API keys yet: create one above.') : keysTable(keys, revoke));
    userListener([...new Set(keys.map((key) => key.user))].sort());
    if (focusPrefix) body.querySelector<HTMLElement>(`[data-prefix="${CSS.escape(focusPrefix)}"]`)?.focus();
  }

  async function revoke(key: ApiKeySummary): Promise<void> {
    const confirmed = await confirmDialog({
      title: `Revoke key ${key.prefix}?`,
      body: [
        h('p', null, 'Requests with this key (user ', h('strong', null, key.user), key.name ? `, “${key.name}”` : null, ') are refused with 401 from now on.'),
        h('p', null, 'A revoked key cannot be restored: the user needs a new key.'),
      ],
      confirmLabel: 'Revoke key',
      danger: true,
      signal,
    });
    if (!confirmed) return;
    try {
      await revokeApiKey(key.prefix, signal);
    } catch (error) {
      if (signal.aborted) return;
      replaceChildren(body, errorNotice(error));
      return;
    }
    announce(`Key ${key.prefix} revoked.`);
    await reload(key.prefix);
  }

  filter.addEventListener('submit', (event) => {
    event.preventDefault();
    void reload();
  });

  const element = h(
    'section',
    { className: 'card stack section-card', 'aria-labelledby': 'admin-keys-heading' },
    h('h2', { id: 'admin-keys-heading' }, 'API keys'),
    h('p', { className: 'hint' }, 'Keys are stored as hashes: only their prefix is listed. A plan belongs to the account, so all of a user’s keys show the same.'),
    filter,
    count,
    body,
  );
  return {
    element,
    reload: () => reload(),
    onUsers(listener) {
      userListener = listener;
    },
  };
}

function keysTable(keys: readonly ApiKeySummary[], revoke: (key: ApiKeySummary) => Promise<void>): HTMLElement {
  return dataTable('API keys', [
    { header: 'Prefix', cell: (key) => h('code', null, key.prefix) },
    { header: 'User', cell: (key) => key.user },
    { header: 'Name', cell: (key) => key.name ?? '—' },
    { header: 'Plan (/api, /api/v1)', cell: (key) => `${key.apiPlan}, ${key.v1Plan}` },
    { header: 'Created', cell: (key) => time(key.createdAt, '—') },
    { header: 'Last used', cell: (key) => time(key.lastUsedAt, 'never') },
    {
      header: 'State',
      cell: (key) =>
        h('span', { 'data-prefix': key.prefix, tabindex: -1 }, key.revokedAt === null ? h('span', { className: 'badge ok' }, 'active') : [h('span', { className: 'badge danger' }, 'revoked'), ' ', time(key.revokedAt, '')]),
    },
    {
      header: 'Actions',
      cell: (key) => {
        if (key.revokedAt !== null) return '—';
        const button = h('button', { type: 'button', className: 'button danger' }, 'Revoke');
        button.setAttribute('aria-label', `Revoke key ${key.prefix} of ${key.user}`);
        button.addEventListener('click', () => void revoke(key));
        return button;
      },
    },
  ], keys);
}
