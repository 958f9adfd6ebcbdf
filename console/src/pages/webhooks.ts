import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function webhooksPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('webhooks');
  await withApiKey(root, 'webhooks', () => {
    root.replaceChildren(h('h1', null, 'webhooks'));
  });
}
