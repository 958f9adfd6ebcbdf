import { isJsonObject, type JsonObject } from './simulated-call.ts';

/**
 * What OpenAI's strict structured outputs (and Groq's strict mode) refuse in a schema: every object must
 * set `additionalProperties: false` and list every property in `required`. Returns the provider's
 * complaint, or undefined when the schema is acceptable.
 */
export function strictSchemaProblem(schema: JsonObject, name: string): string | undefined {
  return problemAt(schema, [], name);
}

function problemAt(schema: JsonObject, context: string[], name: string): string | undefined {
  const where = `Invalid schema for response_format '${name}': In context=(${context.map((part) => `'${part}'`).join(', ')})`;
  const properties = isJsonObject(schema.properties) ? schema.properties : undefined;
  if (schema.type === 'object' || properties) {
    if (schema.additionalProperties !== false) return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties ?? {}).find((key) => !required.includes(key));
    if (missing !== undefined) {
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
  }
  for (const [key, child] of Object.entries(properties ?? {})) {
    const problem = isJsonObject(child) ? problemAt(child, [...context, 'properties', key], name) : undefined;
    if (problem) return problem;
  }
  if (isJsonObject(schema.items)) {
    const problem = problemAt(schema.items, [...context, 'items'], name);
    if (problem) return problem;
  }
  for (const keyword of ['anyOf', '$defs', 'definitions'] as const) {
    const children = schema[keyword];
    const entries = Array.isArray(children) ? children.entries() : isJsonObject(children) ? Object.entries(children) : [];
    for (const [key, child] of entries) {
      const problem = isJsonObject(child) ? problemAt(child, [...context, keyword, String(key)], name) : undefined;
      if (problem) return problem;
    }
  }
  return undefined;
}
