import type { AgentPromise } from './agent-promise.ts';
import { itemSchema, schemaAt } from './output-paths.ts';

type JsonSchema = Record<string, unknown>;

/**
 * What is wrong with an agent's promises against its schemas: an input field it does not accept, an output
 * path it does not declare, a count of something that is not a list. Checked when the catalog loads.
 */
export function promiseProblems(promises: readonly AgentPromise[], input: JsonSchema | undefined, output: JsonSchema): string[] {
  const problems: string[] = [];
  const inputSchema = (name: string): JsonSchema | undefined => schemaAt(input ?? { properties: {} }, name);
  const needInput = (name: string, types: readonly string[]): void => {
    const schema = inputSchema(name);
    if (!schema) problems.push(`promise refers to the input field "${name}", which the input schema does not declare`);
    else if (!types.includes(typeOf(schema))) problems.push(`promise needs the input field "${name}" to be ${types.join(' or ')}`);
  };
  const needOutput = (path: string, types: readonly string[]): JsonSchema | undefined => {
    const schema = schemaAt(output, path);
    if (!schema) problems.push(`promise refers to the output path "${path}", which the output schema does not declare`);
    else if (!types.includes(typeOf(schema))) problems.push(`promise needs the output path "${path}" to be ${types.join(' or ')}`);
    return schema;
  };
  for (const promise of promises) {
    if ('equal' in promise) {
      needInput(promise.to, ['string', 'integer', 'number', 'boolean']);
      needOutput(promise.equal, ['string', 'integer', 'number', 'boolean']);
    } else if ('count' in promise) {
      needInput('to' in promise ? promise.to : promise.atMost, ['integer']);
      needOutput(promise.count, ['array']);
    } else if ('sum' in promise) {
      if (!('to' in promise) || typeof promise.to === 'string') needInput('to' in promise ? (promise.to as string) : promise.atMost, ['integer', 'number']);
      const list = needOutput(promise.sum, ['array']);
      if (list) needItemField(list, promise.sum, promise.of, problems);
    } else if ('words' in promise) {
      needInput(promise.atMost, ['integer']);
      const target = needOutput(promise.words, promise.field ? ['array'] : ['string']);
      if (promise.field && target) needItemField(target, promise.words, promise.field, problems);
    } else if ('order' in promise) {
      const list = needOutput(promise.order, ['array']);
      for (const key of [promise.by, promise.number]) if (key && list) needItemField(list, promise.order, key, problems);
    } else if ('within' in promise) {
      needInput(promise.of, ['string']);
      const list = needOutput(promise.within, ['array']);
      if (promise.field && list) needItemField(list, promise.within, promise.field, problems);
    } else if ('require' in promise) {
      needOutput(promise.require, ['string', 'array', 'object', 'integer', 'number', 'boolean']);
      for (const name of Object.keys(promise.when)) needInput(name, ['string', 'integer', 'number', 'boolean']);
    } else {
      needInput(promise.mentions, ['string']);
      for (const path of promise.in) needOutput(path, ['string', 'array', 'object']);
    }
  }
  return problems;
}

function needItemField(list: JsonSchema, path: string, field: string, problems: string[]): void {
  if (!schemaAt(itemSchema(list) ?? {}, field)) problems.push(`promise refers to "${field}" in the items of "${path}", which they do not declare`);
}

function typeOf(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  return schema.properties ? 'object' : schema.items ? 'array' : 'string';
}
