import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';

export function agentsPage(root: HTMLElement, context: PageContext): void {
  context.setTitle('agents');
  replaceChildren(root, h('h1', null, 'agents'));
}
