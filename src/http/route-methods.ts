import type { FastifyInstance } from 'fastify';

interface RoutePattern {
  segments: readonly string[];
  methods: Set<string>;
}

/**
 * The methods each registered path answers, so a request for a path that exists with a method it lacks can
 * be told which ones it has (405 with `Allow`) instead of "no such route". Patterns are read as the router
 * reads them: `:name` takes one non-empty segment, `*` the rest of the path; segments compare decoded.
 */
export class RouteMethods {
  readonly #patterns = new Map<string, RoutePattern>();

  add(methods: string | readonly string[], url: string): void {
    const pattern = this.#patterns.get(url) ?? { segments: url.split('/'), methods: new Set<string>() };
    for (const method of typeof methods === 'string' ? [methods] : methods) pattern.methods.add(method);
    this.#patterns.set(url, pattern);
  }

  /** The methods routes answer for this path (no query), in a stable order; empty when no route has the path. */
  allowedFor(path: string): string[] {
    const given = path.split('/').map(decodedSegment);
    const allowed = new Set<string>();
    for (const pattern of this.#patterns.values()) {
      if (matches(pattern.segments, given)) for (const method of pattern.methods) allowed.add(method);
    }
    return [...allowed].sort();
  }
}

/** Records every route the app registers from now on (call before the routes are registered). */
export function recordRouteMethods(app: FastifyInstance): RouteMethods {
  const methods = new RouteMethods();
  app.addHook('onRoute', (route) => {
    methods.add(route.method, route.url);
    // A plugin's `/` route is registered at its prefix and, unless told otherwise, at the prefix with a
    // trailing slash too; only the first is announced.
    if (route.routePath === '' && route.prefix !== '' && route.prefixTrailingSlash !== 'no-slash') methods.add(route.method, `${route.prefix}/`);
  });
  return methods;
}

function matches(pattern: readonly string[], given: readonly string[]): boolean {
  for (const [index, segment] of pattern.entries()) {
    if (segment === '*') return true;
    const value = given[index];
    if (value === undefined) return false;
    if (segment.startsWith(':') ? value === '' : segment !== value) return false;
  }
  return pattern.length === given.length;
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
