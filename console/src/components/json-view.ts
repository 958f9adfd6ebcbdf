import { h } from '../app/dom.ts';

/** JSON as text, in a scrollable block a keyboard can reach. */
export function jsonView(value: unknown, label: string): HTMLElement {
  return h('pre', { className: 'json-view', tabindex: 0, 'aria-label': label }, h('code', null, JSON.stringify(value, null, 2)));
}
