import { conditionHolds, type AgentPromise } from './agent-promise.ts';
import { keepSum, keepWords } from './keep-totals.ts';
import { cloneJson, isRecord, itemSchema, schemaAt, setValueAt, valueAt } from './output-paths.ts';

type JsonSchema = Record<string, unknown>;

/** What keeping an agent's promises did to one output: repairs made by code, and promises code could not keep. */
export interface KeptPromises {
  output: Record<string, unknown>;
  /** Each repair, as `path: what was done`. */
  repaired: string[];
  /** Each promise the output breaks and code cannot mend (too few items, a name not mentioned). */
  unmet: string[];
}

/**
 * Holds an output to the promises of its agent for the fields of one request, repairing what code can decide:
 * an echoed value set, extra items cut, items sorted and numbered, invented names dropped, numbers scaled to
 * their total (under each item's maximum in `schema`), texts cut to a word limit. The output is not changed
 * in place.
 */
export function keepPromises(promises: readonly AgentPromise[], fields: Readonly<Record<string, unknown>>, output: Record<string, unknown>, schema: JsonSchema = {}): KeptPromises {
  const kept: KeptPromises = { output: cloneJson(output), repaired: [], unmet: [] };
  for (const promise of promises) keep(promise, fields, kept, schema);
  return kept;
}

function keep(promise: AgentPromise, fields: Readonly<Record<string, unknown>>, kept: KeptPromises, schema: JsonSchema): void {
  const { output, repaired, unmet } = kept;
  if ('equal' in promise) {
    const expected = fields[promise.to];
    if (expected === undefined || sameValue(valueAt(output, promise.equal), expected)) return;
    if (setValueAt(output, promise.equal, expected)) repaired.push(`${promise.equal}: set to the request's ${promise.to}`);
    else unmet.push(`${promise.equal}: must be the request's ${promise.to}`);
    return;
  }
  if ('count' in promise) return keepCount(promise, fields, kept);
  if ('sum' in promise) {
    const outcome = keepSum(promise, fields, output, itemMaximum(schema, promise.sum, promise.of));
    if (outcome && 'repaired' in outcome) repaired.push(outcome.repaired);
    if (outcome && 'unmet' in outcome) unmet.push(outcome.unmet);
    return;
  }
  if ('words' in promise) {
    const done = keepWords(promise, fields, output);
    if (done) repaired.push(done);
    return;
  }
  if ('order' in promise) {
    const items = valueAt(output, promise.order);
    if (!Array.isArray(items)) return;
    if (promise.by && sortBy(items, promise.by)) repaired.push(`${promise.order}: sorted by ${promise.by}`);
    if (promise.number && numberFromOne(items, promise.number)) repaired.push(`${promise.order}: ${promise.number} numbered from 1`);
    return;
  }
  if ('within' in promise) {
    const source = fields[promise.of];
    const items = valueAt(output, promise.within);
    if (typeof source !== 'string' || !Array.isArray(items)) return;
    const dropped = dropInvented(items, wordsOf(source), promise.field);
    if (dropped > 0) repaired.push(`${promise.within}: ${dropped} ${promise.field ?? 'item'}${dropped === 1 ? '' : 's'} not found in the request's ${promise.of} removed`);
    return;
  }
  if ('require' in promise) {
    if (conditionHolds(promise.when, fields) && isEmpty(valueAt(output, promise.require))) unmet.push(`${promise.require}: required when ${describeCondition(promise.when)}`);
    return;
  }
  const wanted = fields[promise.mentions];
  if (typeof wanted !== 'string' || wanted.trim() === '') return;
  const needle = normalised(wanted);
  const mentioned = promise.in.some((path) => stringsIn(valueAt(output, path)).some((text) => normalised(text).includes(needle)));
  if (!mentioned) unmet.push(`${promise.in.join(' or ')}: must mention the request's ${promise.mentions} "${wanted.trim()}"`);
}

function keepCount(promise: Extract<AgentPromise, { count: string }>, fields: Readonly<Record<string, unknown>>, { output, repaired, unmet }: KeptPromises): void {
  const items = valueAt(output, promise.count);
  const exact = 'to' in promise;
  const requested = exact ? fields[promise.to] : fields[promise.atMost];
  if (typeof requested !== 'number' || !Array.isArray(items)) return;
  if (items.length > requested) {
    const extra = items.length - requested;
    items.length = requested;
    repaired.push(`${promise.count}: ${extra} item${extra === 1 ? '' : 's'} over the ${requested} asked for removed`);
  } else if (exact && items.length < requested) {
    unmet.push(`${promise.count}: must have exactly ${requested} items (the request's ${promise.to}), has ${items.length}`);
  }
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') return actual.trim() === expected.trim();
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Sorts items by a numeric key, ascending and stable (items without one keep their place at the end); true if the order changed. */
function sortBy(items: unknown[], key: string): boolean {
  const keyOf = (item: unknown): number => {
    const value = isRecord(item) ? item[key] : undefined;
    return typeof value === 'number' && Number.isFinite(value) ? value : Number.POSITIVE_INFINITY;
  };
  const sorted = items.map((item, index) => ({ item, index })).sort((left, right) => keyOf(left.item) - keyOf(right.item) || left.index - right.index);
  if (sorted.every((entry, index) => entry.index === index)) return false;
  sorted.forEach((entry, index) => (items[index] = entry.item));
  return true;
}

/** Sets each object item's `key` to its position counted from 1; true if any changed. */
function numberFromOne(items: unknown[], key: string): boolean {
  let changed = false;
  items.forEach((item, index) => {
    if (isRecord(item) && item[key] !== index + 1) {
      item[key] = index + 1;
      changed = true;
    }
  });
  return changed;
}

/**
 * Removes the names the input does not contain: string items are dropped, an object item's `field` is
 * deleted. A name is found when each of its words (outside brackets) is a word of the input, so "Maria
 * (product)" is found in "Maria: let us ship", and "John Smith" is not when only "John" spoke.
 */
function dropInvented(items: unknown[], inputWords: ReadonlySet<string>, field: string | undefined): number {
  const found = (name: unknown): boolean => {
    if (typeof name !== 'string') return true;
    const words = [...wordsOf(outsideBrackets(name))];
    return words.length === 0 || words.every((word) => inputWords.has(word));
  };
  let dropped = 0;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index];
    if (field === undefined) {
      if (!found(item)) {
        items.splice(index, 1);
        dropped += 1;
      }
    } else if (isRecord(item) && field in item && !found(item[field])) {
      delete item[field];
      dropped += 1;
    }
  }
  return dropped;
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Every string inside a value: the value itself, array items, object fields, to any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (isRecord(value)) return Object.values(value).flatMap(stringsIn);
  return [];
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

function describeCondition(when: Readonly<Record<string, unknown>>): string {
  return Object.entries(when)
    .map(([name, value]) => `${name} is ${JSON.stringify(value)}`)
    .join(' and ');
}

/** The largest value the output schema allows for a field of a list's items, when it says. */
function itemMaximum(schema: JsonSchema, path: string, field: string): number | undefined {
  const maximum = schemaAt(itemSchema(schemaAt(schema, path)) ?? {}, field)?.maximum;
  return typeof maximum === 'number' ? maximum : undefined;
}

/** The text with what stands inside round or square brackets left out (an unclosed bracket to the end), in one pass. */
function outsideBrackets(text: string): string {
  let depth = 0;
  let kept = '';
  for (const character of text) {
    if (character === '(' || character === '[') depth += 1;
    else if ((character === ')' || character === ']') && depth > 0) depth -= 1;
    else if (depth === 0) {
      kept += character;
      continue;
    }
    kept += ' ';
  }
  return kept;
}
