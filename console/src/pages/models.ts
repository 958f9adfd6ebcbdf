import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function modelsPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('models');
  await withApiKey(root, 'models', () => {
    root.replaceChildren(h('h1', null, 'models'));
  });
}
