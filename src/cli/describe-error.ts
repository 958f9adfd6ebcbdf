import type { AppError } from '../domain/errors.ts';

/**
 * A refusal of the service as a person reads it: the message, each invalid field, and the details that
 * say what to do instead (the closest ids, the valid values, the preview of an action awaiting --yes).
 */
export function describeAppError(error: AppError): string {
  const details = error.details;
  const issues = Array.isArray(details.issues) ? (details.issues as { path: string; message: string }[]) : [];
  // The message of an invalid request already lists its issues on one line: here they get a line each.
  const headline = issues.length > 0 && error.code === 'invalid_request' ? 'Invalid request:' : error.message;
  const lines = [headline, ...issues.map((issue) => (issue.path ? `- ${issue.path}: ${issue.message}` : `- ${issue.message}`))];
  if (Array.isArray(details.suggestions) && details.suggestions.length > 0) lines.push(`Did you mean: ${details.suggestions.join(', ')}?`);
  if (error.code === 'confirmation_required') lines.push('Run it again with --yes to confirm.');
  return lines.filter(Boolean).join('\n');
}
