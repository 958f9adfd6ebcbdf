/** The JSON Schema keywords catalog schemas may use: enough for agents' fields, simple to check. */
const keywordChecks: Record<string, (value: unknown, path: string, problems: string[]) => void> = {
  type: (value, path, problems) => {
    const types = Array.isArray(value) ? value : [value];
    if (types.length === 0 || !types.every((type) => typeof type === 'string' && jsonTypes.has(type))) problems.push(`${path}.type must be one of ${[...jsonTypes].join(', ')}`);
  },
  properties: (value, path, problems) => {
    if (!isObject(value)) return void problems.push(`${path}.properties must be an object`);
    for (const [name, schema] of Object.entries(value)) checkSchema(schema, `${path}.properties.${name}`, problems);
  },
  required: (value, path, problems) => {
    if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) problems.push(`${path}.required must be a list of names`);
  },
  items: (value, path, problems) => checkSchema(value, `${path}.items`, problems),
  additionalProperties: (value, path, problems) => {
    if (typeof value !== 'boolean') checkSchema(value, `${path}.additionalProperties`, problems);
  },
  anyOf: (value, path, problems) => checkSchemaList(value, `${path}.anyOf`, problems),
  oneOf: (value, path, problems) => checkSchemaList(value, `${path}.oneOf`, problems),
  enum: (value, path, problems) => {
    if (!Array.isArray(value) || value.length === 0) problems.push(`${path}.enum must be a non-empty list`);
  },
  pattern: (value, path, problems) => {
    try {
      new RegExp(String(value), 'u');
    } catch {
      problems.push(`${path}.pattern is not a valid regular expression`);
    }
  },
  format: (value, path, problems) => {
    if (typeof value !== 'string' || !formats.has(value)) problems.push(`${path}.format must be one of ${[...formats].join(', ')}`);
  },
  ...Object.fromEntries(['minLength', 'maxLength', 'minItems', 'maxItems'].map((name) => [name, nonNegativeInteger(name)])),
  ...Object.fromEntries(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map((name) => [name, finiteNumber(name)])),
  ...Object.fromEntries(['description', 'title'].map((name) => [name, text(name)])),
  const: () => undefined,
  default: () => undefined,
  examples: () => undefined,
  uniqueItems: () => undefined,
};

const jsonTypes = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const formats = new Set(['email', 'uri', 'url', 'date', 'date-time', 'time', 'uuid', 'hostname', 'ipv4', 'ipv6']);

/**
 * Problems with a schema, by path: unknown keywords (a typo such as `maxLenght` would otherwise be silently
 * ignored), malformed values, required names that are not declared. Cheap enough to run at every start.
 */
export function jsonSchemaProblems(schema: unknown, path: string): string[] {
  const problems: string[] = [];
  checkSchema(schema, path, problems);
  return problems;
}

function checkSchema(schema: unknown, path: string, problems: string[]): void {
  if (typeof schema === 'boolean') return;
  if (!isObject(schema)) return void problems.push(`${path} must be a schema object`);
  for (const [keyword, value] of Object.entries(schema)) {
    const check = keywordChecks[keyword];
    if (!check) problems.push(`${path} uses "${keyword}", which catalog schemas do not support`);
    else check(value, path, problems);
  }
  if (Array.isArray(schema.required) && isObject(schema.properties)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !(name in schema.properties)) problems.push(`${path} requires "${name}", which it does not declare`);
    }
  }
}

function checkSchemaList(value: unknown, path: string, problems: string[]): void {
  if (!Array.isArray(value) || value.length === 0) return void problems.push(`${path} must be a non-empty list of schemas`);
  value.forEach((schema, index) => checkSchema(schema, `${path}.${index}`, problems));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonNegativeInteger(name: string) {
  return (value: unknown, path: string, problems: string[]) => {
    if (!Number.isInteger(value) || (value as number) < 0) problems.push(`${path}.${name} must be a whole number ≥ 0`);
  };
}

function finiteNumber(name: string) {
  return (value: unknown, path: string, problems: string[]) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`${path}.${name} must be a number`);
  };
}

function text(name: string) {
  return (value: unknown, path: string, problems: string[]) => {
    if (typeof value !== 'string') problems.push(`${path}.${name} must be text`);
  };
}
