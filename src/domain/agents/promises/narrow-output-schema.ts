import { oneOf, trimEnd } from '../../../shared/text-scanning.ts';
import { conditionHolds, sumTarget, type AgentPromise } from './agent-promise.ts';
import { itemSchema, schemaAt } from './output-paths.ts';

type JsonSchema = Record<string, unknown>;

/**
 * The output schema a model is asked for on one request: the agent's schema with its promises for the
 * request's fields written in. An echoed value becomes its only allowed value, a count the array's bounds,
 * and what a schema cannot say (order, names taken from the input, a name to mention) is added to the
 * field's description. The agent's schema is not changed; a request without promised fields gets it as is.
 */
export function narrowOutputSchema(schema: JsonSchema, promises: readonly AgentPromise[], fields: Readonly<Record<string, unknown>>): JsonSchema {
  let narrowed: JsonSchema | undefined;
  const narrowedSchema = (): JsonSchema => (narrowed ??= structuredClone(schema));
  const edit = (path: string, change: (target: JsonSchema) => void): void => {
    const target = schemaAt(narrowedSchema(), path);
    if (target) change(target);
  };
  for (const promise of promises) {
    if ('equal' in promise) {
      const value = fields[promise.to];
      if (['string', 'number', 'boolean'].includes(typeof value)) edit(promise.equal, (target) => (target.enum = [value]));
    } else if ('count' in promise) {
      const exact = 'to' in promise;
      const requested = exact ? fields[promise.to] : fields[promise.atMost];
      if (typeof requested === 'number') edit(promise.count, (target) => bound(target, requested, exact));
    } else if ('sum' in promise) {
      const target = sumTarget(promise, fields);
      if (target) edit(promise.sum, (list) => enoughItemsFor(list, promise.of, target.total, target.exact));
    } else if ('words' in promise) {
      const limit = fields[promise.atMost];
      if (typeof limit === 'number') edit(promise.words, (target) => (promise.field ? describeItemField(target, promise.field, `At most ${limit} words.`) : describe(target, `At most ${limit} words.`)));
    } else if ('order' in promise) {
      const rules = [promise.by ? `sorted by ${promise.by}, smallest first` : '', promise.number ? `${promise.number} counting 1, 2, 3` : ''].filter(Boolean);
      edit(promise.order, (target) => describe(target, `Items ${rules.join(', ')}.`));
    } else if ('within' in promise) {
      const rule = `Only names that appear in the ${promise.of} given; never invent one.`;
      edit(promise.within, (target) => (promise.field ? describeItemField(target, promise.field, rule) : describe(target, rule)));
    } else if ('require' in promise) {
      if (conditionHolds(promise.when, fields)) requireAt(narrowedSchema(), promise.require);
    } else {
      const value = fields[promise.mentions];
      if (typeof value === 'string' && value.trim()) for (const path of promise.in) edit(path, (target) => describe(target, `${mentionRule} "${value.trim()}".`));
    }
  }
  return narrowed ?? schema;
}

/** The wording of a promise to mention a value, which the sandbox model reads as well. */
export const mentionRule = 'Mention the words';

function bound(target: JsonSchema, requested: number, exact: boolean): void {
  const maximum = typeof target.maxItems === 'number' ? Math.min(target.maxItems, requested) : requested;
  target.maxItems = maximum;
  const minimum = typeof target.minItems === 'number' ? target.minItems : 0;
  target.minItems = exact ? maximum : Math.min(minimum, maximum);
}

function describe(target: JsonSchema, rule: string): void {
  target.description = typeof target.description === 'string' ? `${trimEnd(target.description, oneOf('.', { orWhitespace: true }))}. ${rule}` : rule;
}

function describeItemField(target: JsonSchema, field: string, rule: string): void {
  const item = itemSchema(target);
  const properties = item?.properties as Record<string, JsonSchema> | undefined;
  if (properties?.[field]) describe(properties[field], rule);
}

/** Makes the field at a path required in its object, and not empty. */
function requireAt(schema: JsonSchema, path: string): void {
  const names = path.split('.');
  const last = names.pop() as string;
  const parent = names.length === 0 ? schema : schemaAt(schema, names.join('.'));
  const target = parent ? schemaAt(parent, last) : undefined;
  if (!parent || !target) return;
  const required = Array.isArray(parent.required) ? (parent.required as string[]) : [];
  if (!required.includes(last)) parent.required = [...required, last];
  if (target.type === 'array') target.minItems = Math.max(1, typeof target.minItems === 'number' ? target.minItems : 0);
  if (target.type === 'string') target.minLength = Math.max(1, typeof target.minLength === 'number' ? target.minLength : 0);
}

/** A list whose items' numbers must add up to a total: said in its description, and long enough to reach it under each item's maximum. */
function enoughItemsFor(list: JsonSchema, field: string, total: number, exact: boolean): void {
  describe(list, `The items' ${field} add up to ${exact ? '' : 'at most '}${total}.`);
  const maximum = schemaAt(itemSchema(list) ?? {}, field)?.maximum;
  if (!exact || typeof maximum !== 'number' || maximum <= 0) return;
  const needed = Math.ceil(total / maximum);
  const minimum = typeof list.minItems === 'number' ? list.minItems : 0;
  if (needed > minimum) list.minItems = typeof list.maxItems === 'number' ? Math.min(needed, list.maxItems) : needed;
}
