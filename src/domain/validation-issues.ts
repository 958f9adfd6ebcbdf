import type { ZodError } from 'zod';
import type { ValidationIssue } from './errors.ts';

type ZodIssue = ZodError['issues'][number];

/**
 * Every issue of a failed zod parse as the issues a 400 lists, each path prefixed with `prefix` (the part of
 * the request, or the object the fields sit in). A value that matches none of a union's forms says which
 * forms it was offered rather than zod's bare "Invalid input".
 */
export function issuesFromZod(error: ZodError, prefix: readonly string[] = []): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: [...prefix, ...issue.path.map(String)].join('.'), message: messageOf(issue) }));
}

function messageOf(issue: ZodIssue): string {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue.message;
  const forms = issue.errors.map((branch) => branch.map((inner) => inner.message.replace(/^Invalid input: /, '')).join(', '));
  return `Invalid input: matches none of the accepted forms (${forms.join('; or ')})`;
}
