import { ApiError } from '../app/api.ts';
import { h } from '../app/dom.ts';

/** A failure as the user should read it: the service's message, its code, and the request id to report. */
export function errorNotice(error: unknown): HTMLElement {
  if (error instanceof ApiError) {
    return h(
      'div',
      { className: 'notice notice-error', role: 'alert' },
      h('p', null, error.message),
      h('p', { className: 'notice-detail' }, error.status > 0 ? `HTTP ${error.status} · ${error.code}` : error.code, error.requestId ? ` · request ${error.requestId}` : null),
    );
  }
  return h('div', { className: 'notice notice-error', role: 'alert' }, h('p', null, error instanceof Error ? error.message : String(error)));
}

export function loading(what: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, `Loading ${what}…`);
}

export function emptyState(text: string, ...actions: Node[]): HTMLElement {
  return h('div', { className: 'empty-state' }, h('p', null, text), actions);
}
