import type { FastifyRequest } from 'fastify';
import { ZodType } from 'zod';
import type { ValidationIssue } from '../domain/errors.ts';
import { issuesFromZod } from '../domain/validation-issues.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route's service would refuse in a request its schemas already refused (an agent's fields, a
     * playbook's inputs), so one 400 lists both. Must not throw; reads the request as sent.
     */
    furtherIssues?: (request: FastifyRequest) => readonly ValidationIssue[];
  }
}

/** The parts of a request a route's schema may validate, the request property holding each, as Fastify checks them. */
const parts = [
  { part: 'params', property: 'params' },
  { part: 'body', property: 'body' },
  { part: 'querystring', property: 'query' },
  { part: 'headers', property: 'headers' },
] as const;

/**
 * Every issue with a request whose validation failed. Fastify stops at the first part that fails (params,
 * body, query string, headers); this checks them all against the route's schemas, then adds what the
 * route's service would refuse too. Only refused requests get here: an accepted one is validated once.
 */
export function requestIssues(request: FastifyRequest): ValidationIssue[] {
  const schema = request.routeOptions.schema ?? {};
  const issues = parts.flatMap(({ part, property }) => {
    const partSchema: unknown = schema[part];
    if (!(partSchema instanceof ZodType)) return [];
    const value: unknown = request[property];
    const result = partSchema.safeParse(value);
    if (result.success) return [];
    if (part === 'body' && value === undefined) return [{ path: '', message: 'Request body is missing: send a JSON object' }];
    return issuesFromZod(result.error, part === 'body' ? [] : [part]);
  });
  // A path the schema already reported (an empty prompt is also a missing one) is not reported twice, and a
  // complaint about the whole body (no plan named) follows from a field the schema refused.
  const reported = new Set(issues.map((issue) => issue.path));
  const further = furtherIssuesOf(request).filter((issue) => !reported.has(issue.path) && issue.path !== '');
  return [...issues, ...further];
}

/** The route's own further issues; a check that fails leaves the schema's issues to say what is wrong. */
function furtherIssuesOf(request: FastifyRequest): readonly ValidationIssue[] {
  try {
    return request.routeOptions.config.furtherIssues?.(request) ?? [];
  } catch (error) {
    request.log.warn({ err: error }, 'further validation issues could not be listed');
    return [];
  }
}

/** A value as the object it should be, for reading a refused request as sent; an empty one when it is not. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A value of a refused request that should be text, or undefined when it is something else (its schema reports that). */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
