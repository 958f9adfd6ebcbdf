import { describe, expect, it } from 'vitest';
import { callerSchemaPatternIssues } from './caller-schema-patterns.ts';

describe('callerSchemaPatternIssues', () => {
  it('finds every regular expression at any depth, and nothing in a schema without one', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: 'x+' }, b: { type: 'array', items: { type: 'object', patternProperties: { '^k': {} } } } } };
    expect(callerSchemaPatternIssues(schema, 'schema').map((issue) => issue.path).sort()).toEqual(['schema.properties.a.pattern', 'schema.properties.b.items.patternProperties']);
    expect(callerSchemaPatternIssues({ type: 'object', properties: { pattern: { type: 'string' } } }, 's')).toEqual([]);
  });
});
