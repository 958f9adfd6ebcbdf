import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function usagePage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('usage');
  await withApiKey(root, 'usage', () => {
    root.replaceChildren(h('h1', null, 'usage'));
  });
}
