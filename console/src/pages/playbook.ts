import { callApi } from '../app/api.ts';
import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { navigate, routeLink } from '../app/router.ts';
import { errorNotice, loading } from '../components/notice.ts';
import { playbookRunForm, type Playbook } from '../components/run-playbook-form.ts';
import { playbookStepsList } from '../components/run-playbook-steps.ts';
import { withApiKey } from '../components/sign-in.ts';

/** A playbook (GET /api/playbooks/{id}): what it does, its steps, and the form that starts it. */
export async function playbookPage(root: HTMLElement, context: PageContext): Promise<void> {
  const id = context.params.playbook ?? '';
  context.setTitle(`Playbook ${id}`);
  await withApiKey(root, 'Playbook', async () => {
    replaceChildren(root, h('h1', null, 'Playbook'), loading('the playbook'));
    let playbook: Playbook;
    try {
      playbook = (await callApi<{ data: Playbook }>(`/api/playbooks/${encodeURIComponent(id)}`, { auth: 'none', signal: context.signal })).body.data;
    } catch (error) {
      if (context.signal.aborted) return;
      replaceChildren(root, h('h1', null, 'Playbook'), errorNotice(error), h('p', null, h('a', { href: routeLink('/playbooks') }, 'All playbooks')));
      return;
    }
    context.setTitle(playbook.name);
    replaceChildren(
      root,
      h('div', { className: 'stack playbook-page' },
        h('h1', null, playbook.name),
        h('p', { className: 'muted' }, h('a', { href: routeLink('/playbooks') }, 'All playbooks'), ' · ', h('span', { className: 'badge' }, playbook.category), ' · ', h('code', null, playbook.id)),
        h('p', null, playbook.description),
        h('section', { className: 'card', 'aria-labelledby': 'playbook-steps-heading' }, h('h2', { id: 'playbook-steps-heading' }, 'Steps'), playbookStepsList(playbook.steps)),
        playbookRunForm(playbook, context.signal, (runId) => navigate(`/runs/${runId}`)),
        h('p', null, h('a', { href: routeLink('/runs', { kind: 'playbook', playbook: playbook.id }) }, `Runs of ${playbook.name}`)),
      ),
    );
  });
}
