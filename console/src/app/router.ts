// Hash routes (`#/runs/run_123?kind=playbook`): every page has a link that can be bookmarked and shared,
// and the server serves one file. Leaving a page aborts its signal, which closes its event streams.
import { h, replaceChildren } from './dom.ts';

export interface PageContext {
  /** The route's `:name` parameters. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** Aborted when the user leaves the page. */
  signal: AbortSignal;
  /** Sets the document's title and the page's heading. */
  setTitle(title: string): void;
}

export type Page = (root: HTMLElement, context: PageContext) => void | Promise<void>;

export interface Route {
  /** `/agents/:agent`. */
  pattern: string;
  page: Page;
  /** The navigation entry this route belongs to (its first path segment). */
  section: string;
}

export function routeLink(path: string, query?: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const tail = search.size > 0 ? `?${search}` : '';
  return `#${path}${tail}`;
}

export function navigate(path: string, query?: Record<string, string | undefined>): void {
  location.hash = routeLink(path, query);
}

function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = got[index] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (part !== value) {
      return undefined;
    }
  }
  return params;
}

export interface Router {
  start(): void;
}

export function createRouter(routes: readonly Route[], options: { root: HTMLElement; fallback: string; appName: string; onSection(section: string): void }): Router {
  let current: AbortController | undefined;
  let rendering = 0;

  async function render(): Promise<void> {
    const [rawPath = '', rawQuery = ''] = location.hash.replace(/^#/, '').split('?', 2);
    const path = rawPath || options.fallback;
    const found = routes.map((route) => ({ route, params: match(route.pattern, path) })).find((candidate) => candidate.params !== undefined);
    if (!found?.params) {
      navigate(options.fallback);
      return;
    }
    current?.abort();
    const controller = new AbortController();
    current = controller;
    rendering += 1;
    const ticket = rendering;
    options.onSection(found.route.section);
    const root = h('div', { className: 'page' });
    replaceChildren(options.root, root);
    const context: PageContext = {
      params: found.params,
      query: new URLSearchParams(rawQuery),
      signal: controller.signal,
      setTitle(title: string) {
        if (ticket !== rendering) return;
        document.title = `${title} · ${options.appName}`;
      },
    };
    try {
      await found.route.page(root, context);
    } catch (error) {
      if (controller.signal.aborted) return;
      replaceChildren(root, h('p', { className: 'notice notice-error', role: 'alert' }, `This page failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    // After a move inside the console, screen readers and keyboards start on the new page's heading, as after
    // a full page load. The first page is a full page load: focus stays at the top, where the skip link is.
    if (ticket === rendering && ticket > 1) {
      const heading = root.querySelector('h1');
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      }
    }
  }

  return {
    start() {
      addEventListener('hashchange', () => void render());
      void render();
    },
  };
}
