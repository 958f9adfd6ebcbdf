import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';

export function agentPage(root: HTMLElement, context: PageContext): void {
  context.setTitle('agent');
  replaceChildren(root, h('h1', null, 'agent'));
}
