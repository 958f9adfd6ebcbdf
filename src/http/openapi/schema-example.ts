type JsonSchema = Record<string, unknown>;

/** How deep an example goes into nested schemas before it stops (recursive schemas end there). */
const maxDepth = 8;

/**
 * A value that the schema accepts, for the document's examples: the schema's own example or default when it
 * has one, its first enum value or const, otherwise the smallest value of its type with every required field.
 * `$ref`s are followed into `#/components/schemas`.
 */
export function exampleOf(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (!isSchema(schema) || depth > maxDepth) return null;
  if (typeof schema.$ref === 'string') return exampleOf(components[schema.$ref.replace('#/components/schemas/', '')], components, depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return exampleOf(branches.find((branch) => !isNullSchema(branch)) ?? branches[0], components, depth + 1);
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => exampleOf(part, components, depth + 1)).reduce(merged, {});
  const type = Array.isArray(schema.type) ? (schema.type.find((name) => name !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 0 }, () => exampleOf(schema.items, components, depth + 1));
    default:
      return objectExample(schema, components, depth);
  }
}

function objectExample(schema: JsonSchema, components: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.filter((name) => name in properties).map((name) => [name, exampleOf(properties[name], components, depth + 1)]));
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'uri') return 'https://example.org/';
  if (schema.format === 'email') return 'someone@example.org';
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'x'.repeat(Math.max(minLength, 1)).slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
}

/** allOf's parts describe one value: their examples are merged, objects field by field. */
function merged(left: unknown, right: unknown): unknown {
  if (!isSchema(left) || !isSchema(right)) return right;
  const result: Record<string, unknown> = { ...left };
  for (const [key, value] of Object.entries(right)) result[key] = key in left ? merged(left[key], value) : value;
  return result;
}

function isNullSchema(schema: unknown): boolean {
  return isSchema(schema) && schema.type === 'null';
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
