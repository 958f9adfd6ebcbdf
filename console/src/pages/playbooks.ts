import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function playbooksPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('playbooks');
  await withApiKey(root, 'playbooks', () => {
    root.replaceChildren(h('h1', null, 'playbooks'));
  });
}
