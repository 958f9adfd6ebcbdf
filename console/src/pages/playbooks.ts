import { callApi } from '../app/api.ts';
import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { routeLink } from '../app/router.ts';
import { emptyState, errorNotice, loading } from '../components/notice.ts';
import type { Playbook } from '../components/run-playbook-form.ts';
import { playbookStepsList } from '../components/run-playbook-steps.ts';
import { withApiKey } from '../components/sign-in.ts';

/** Every playbook (GET /api/playbooks): what it does, its inputs and the agents it runs in order. */
export async function playbooksPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Playbooks');
  await withApiKey(root, 'Playbooks', async () => {
    replaceChildren(root, h('h1', null, 'Playbooks'), loading('playbooks'));
    let playbooks: Playbook[];
    try {
      playbooks = (await callApi<{ data: Playbook[] }>('/api/playbooks', { auth: 'none', signal: context.signal })).body.data;
    } catch (error) {
      if (!context.signal.aborted) replaceChildren(root, h('h1', null, 'Playbooks'), errorNotice(error));
      return;
    }
    const cards = playbooks.map((playbook) => ({ playbook, card: playbookCard(playbook), text: searchText(playbook) }));
    const shown = h('p', { className: 'muted', role: 'status' });
    const search = h('input', { id: 'playbook-search', type: 'search', autocomplete: 'off', placeholder: 'name, agent, input…' });
    const filter = (): void => {
      const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      let count = 0;
      for (const { card, text } of cards) {
        card.hidden = !words.every((word) => text.includes(word));
        if (!card.hidden) count += 1;
      }
      shown.textContent = words.length === 0 ? '' : `${count} of ${playbooks.length} playbooks shown.`;
    };
    search.addEventListener('input', filter);
    replaceChildren(
      root,
      h('h1', null, 'Playbooks'),
      h('p', { className: 'muted' }, `${playbooks.length} multi-step workflows: each runs its agents in order, the output of one step feeding the next. `, h('a', { href: routeLink('/runs', { kind: 'playbook' }) }, 'Playbook runs')),
      playbooks.length === 0
        ? emptyState('No playbooks are defined.')
        : [h('div', { className: 'playbook-search' }, h('label', { for: 'playbook-search' }, 'Find a playbook'), search, shown), h('ul', { className: 'playbook-cards grid' }, cards.map(({ card }) => card))],
    );
  });
}

function searchText(playbook: Playbook): string {
  return [playbook.id, playbook.name, playbook.description, playbook.category, ...playbook.steps.map((step) => step.agent), ...playbook.fields.map((field) => field.label)].join(' ').toLowerCase();
}

function playbookCard(playbook: Playbook): HTMLElement {
  const required = playbook.fields.filter((field) => field.required).map((field) => field.label);
  return h(
    'li',
    { className: 'card playbook-card' },
    h('h2', null, h('a', { href: routeLink(`/playbooks/${playbook.id}`) }, playbook.name)),
    h('p', { className: 'row' }, h('span', { className: 'badge' }, playbook.category), h('span', { className: 'muted' }, `${playbook.steps.length} steps`)),
    h('p', null, playbook.description),
    h('p', { className: 'hint' }, 'Needs: ', required.join(', ') || 'nothing'),
    playbookStepsList(playbook.steps),
    h('div', { className: 'actions' }, h('a', { className: 'button', href: routeLink(`/playbooks/${playbook.id}`), 'aria-label': `Start ${playbook.name}` }, 'Start…')),
  );
}
