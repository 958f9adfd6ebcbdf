import type { ValidationIssue } from '../errors.ts';

/** Keywords whose value is a regular expression the validator would run on an answer. */
const patternKeywords = new Set(['pattern', 'patternProperties']);

/** Keywords whose value maps names to schemas: the names there are a caller's field names, not keywords. */
const namedSchemas = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Where a JSON Schema sent with a request holds a regular expression (`pattern`, `patternProperties`), as
 * issues on `path`. The service validates answers against a caller's schema, and JavaScript's engine can
 * take time exponential in the text for some expressions: a request must not choose one. Catalog schemas,
 * written by the operator, may use `pattern`. The walk is iterative and visits each value once.
 */
export function callerSchemaPatternIssues(schema: unknown, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending: { value: unknown; at: string; names: boolean }[] = [{ value: schema, at: path, names: false }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at, names } = next;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${at}.${key}`;
      if (!names && patternKeywords.has(key) && !Array.isArray(value)) {
        issues.push({ path: childPath, message: `"${key}" is not accepted in a request's schema: answers are validated against it, and a regular expression from a request could take unbounded time; describe the format in "description" instead` });
        continue;
      }
      pending.push({ value: child, at: childPath, names: !names && !Array.isArray(value) && namedSchemas.has(key) });
    }
  }
  return issues;
}
