import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const treeBranch = /^(?<indent>(?:│ {3}| {4})*)(?:├── |└── )(?<label>.*?)(?: \((?<methods>[A-Z, ]+)\))?$/;

/**
 * Every route the app registered, one entry per method, read from the app's own route tree
 * (`printRoutes` without common prefixes: each line's label extends its parent's path).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = treeBranch.exec(line)?.groups;
    if (!branch) continue;
    const depth = (branch.indent ?? '').length / 4;
    const parent = depth === 0 ? '' : (pathAtDepth[depth - 1] ?? '');
    // The tree prints a wildcard under a path that also has a route of its own (`/v1/models` and
    // `/v1/models/*`) without the slash between them.
    const url = `${parent}${branch.label === '*' && !parent.endsWith('/') ? '/' : ''}${branch.label}`;
    pathAtDepth[depth] = url;
    pathAtDepth.length = depth + 1;
    for (const method of (branch.methods ?? '').split(',').map((name) => name.trim()).filter(Boolean)) routes.push({ method, url });
  }
  return routes.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/** The path parameters of a route pattern, in order: `/api/runs/:runId` → `['runId']`; a wildcard is `*`. */
export function pathParameters(url: string): string[] {
  return url.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : segment === '*' ? ['*'] : []));
}

/** The pattern with its parameters replaced by the values given (already encoded as they should travel). */
export function fillPath(url: string, values: Record<string, string>): string {
  return url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (values[segment.slice(1)] ?? '') : segment === '*' ? (values['*'] ?? '') : segment))
    .join('/');
}

/** Whether a concrete path (no query) falls under a route pattern: `:name` takes one segment, `*` the rest. */
export function patternMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.split('/');
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') return true;
    if (given[index] === undefined || (!segment.startsWith(':') && segment !== given[index]) || (segment.startsWith(':') && given[index] === '')) return false;
  }
  return wanted.length === given.length;
}
