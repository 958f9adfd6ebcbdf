type JsonSchema = Record<string, unknown>;

/** The value at a dotted property path of an output, or undefined where a step is missing. */
export function valueAt(output: unknown, path: string): unknown {
  let value = output;
  for (const name of path.split('.')) {
    if (!isRecord(value)) return undefined;
    value = value[name];
  }
  return value;
}

/** Sets the value at a dotted path, creating no objects: a path whose parent is missing is left alone. */
export function setValueAt(output: Record<string, unknown>, path: string, value: unknown): boolean {
  const names = path.split('.');
  const last = names.pop() as string;
  const parent = names.length === 0 ? output : valueAt(output, names.join('.'));
  if (!isRecord(parent)) return false;
  parent[last] = value;
  return true;
}

/** The schema of a dotted path inside an object schema, or undefined when the schema does not declare it. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const name of path.split('.')) {
    const properties: unknown = current?.properties;
    if (!isRecord(properties) || !isRecord(properties[name])) return undefined;
    current = properties[name] as JsonSchema;
  }
  return current;
}

/** The schema of an array's items, when it declares one object or value schema for them. */
export function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return isRecord(schema?.items) ? (schema.items as JsonSchema) : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
