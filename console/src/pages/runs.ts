import { h } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';

export async function runsPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('runs');
  await withApiKey(root, 'runs', () => {
    root.replaceChildren(h('h1', null, 'runs'));
  });
}
