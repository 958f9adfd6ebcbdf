import fc from 'fast-check';

type JsonSchema = Record<string, unknown>;

/** Words that make readable text (and names found again in it), so generated inputs look like requests. */
const words = ['Maria', 'Kenji', 'Acme', 'invoice', 'launch', 'pricing', 'customers', 'team', 'report', 'quarter', 'growth', 'onboarding', 'Berlin', 'support', 'product', 'review'];

/**
 * Valid values of a catalog JSON Schema (the subset agents use): objects with every required property and
 * some optional ones, strings of words within their length (emails, URLs and dates where a format asks),
 * numbers within their range, arrays within their bounds, enum members.
 */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return fc.oneof(...variants.map(valueOf));
  const types = Array.isArray(schema.type) ? (schema.type as string[]).filter((type) => type !== 'null') : [schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string')];
  return fc.oneof(...types.map((type) => valueOfType(schema, String(type))));
}

function valueOfType(schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object':
      return objectOf(schema);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, minLength + 5);
      return fc.array(valueOf((schema.items ?? {}) as JsonSchema), { minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: bound(schema, 'minimum', -1000), max: bound(schema, 'maximum', 1000) });
    case 'number':
      return fc.double({ min: bound(schema, 'minimum', -1000), max: bound(schema, 'maximum', 1000), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    default:
      return stringOf(schema);
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(property)]));
  const requiredKeys = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return fc.record(model, { requiredKeys });
}

function bound(schema: JsonSchema, name: 'minimum' | 'maximum', fallback: number): number {
  return typeof schema[name] === 'number' ? (schema[name] as number) : fallback;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 400;
  if (schema.format === 'email') return fc.constantFrom('maria@acme.example', 'kenji@shop.example');
  if (schema.format === 'uri' || schema.format === 'url') return fc.constantFrom('https://acme.example/', 'https://shop.example/pricing');
  if (schema.format === 'date') return fc.constantFrom('2026-03-02', '2026-11-30');
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((text) => text.length >= minLength && text.length <= maxLength);
  return fc
    .array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 })
    .map((chosen) => fit(chosen.join(' '), minLength, maxLength));
}

function fit(text: string, minLength: number, maxLength: number): string {
  let result = text;
  while (result.length < minLength) result = `${result} ${text}`;
  return result.slice(0, maxLength).trim().padEnd(Math.min(minLength, maxLength), 'x');
}
