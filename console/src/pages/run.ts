import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function runPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('run');
  await withApiKey(root, 'run', () => {
    root.replaceChildren(h('h1', null, 'run'));
  });
}
