import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function playbookPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('playbook');
  await withApiKey(root, 'playbook', () => {
    root.replaceChildren(h('h1', null, 'playbook'));
  });
}
