import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function adminPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('admin');
  await withApiKey(root, 'admin', () => {
    root.replaceChildren(h('h1', null, 'admin'));
  });
}
