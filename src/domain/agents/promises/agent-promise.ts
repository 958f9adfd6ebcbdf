import { z } from 'zod';

/**
 * What an agent promises about its output given the fields of a request: the part of "honour the request"
 * that code can decide. Each promise links input fields to output paths; an output path is a property name,
 * dotted for nested objects (`voiceProfile.summary`). Promises hold only for fields the request sent, except
 * where a default is stated.
 */
const outputPath = z.string().regex(/^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*$/, 'must be a property path such as emails or voiceProfile.summary');
const inputField = z.string().regex(/^[A-Za-z_][\w-]*$/, 'must be an input field name');

export const agentPromiseSchema = z.union([
  /** The output value at `equal` is the input field `to` (a mode, a name, a priority echoed back). */
  z.strictObject({ equal: outputPath, to: inputField }),
  /** The array at `count` has exactly `to` items, or `default` when the request does not say. */
  z.strictObject({ count: outputPath, to: inputField, default: z.int().min(0).optional() }),
  /** The array at `count` has at most `atMost` items. */
  z.strictObject({ count: outputPath, atMost: inputField }),
  /** The numbers `of` the items of the array at `sum` add up to `to` (an input field, or a fixed number such as 100 per cent), or to at most `atMost`. */
  z.strictObject({ sum: outputPath, of: z.string().min(1), to: z.union([inputField, z.number()]) }),
  z.strictObject({ sum: outputPath, of: z.string().min(1), atMost: inputField }),
  /** The text at `words` (or each item's `field` of the array there) has at most `atMost` words. */
  z.strictObject({ words: outputPath, field: z.string().min(1).optional(), atMost: inputField }),
  /** The items of the array at `order` are sorted by their numeric `by` ascending, and their `number` counts 1, 2, 3… */
  z.strictObject({ order: outputPath, by: z.string().min(1).optional(), number: z.string().min(1).optional() }),
  /** Every string of the array at `within` (or each item's `field`) appears in the input field `of`: names are taken from the input, never invented. */
  z.strictObject({ within: outputPath, field: z.string().min(1).optional(), of: inputField }),
  /** The output at `require` is present and not empty when each input field of `when` has the value given (content-plan mode has a content plan). */
  z.strictObject({ require: outputPath, when: z.record(inputField, z.union([z.string(), z.number(), z.boolean()])) }),
  /** At least one of the output strings `in` contains the input value `mentions` (a recipient's name in the greeting). */
  z.strictObject({ mentions: inputField, in: z.array(outputPath).min(1) }),
]);

export type AgentPromise = z.output<typeof agentPromiseSchema>;

/**
 * The fields promises are held to on one request: those it sent, and the defaults promises state for fields it
 * did not, when the task was built from fields. A request with its own prompt may ask in words ("three
 * emails"), so no default speaks over it.
 */
export function promisedFields(promises: readonly AgentPromise[], fields: Readonly<Record<string, unknown>>, hasOwnPrompt: boolean): Readonly<Record<string, unknown>> {
  if (hasOwnPrompt) return fields;
  const defaults = promises.flatMap((promise) => ('count' in promise && 'to' in promise && promise.default !== undefined && fields[promise.to] === undefined ? [[promise.to, promise.default] as const] : []));
  return defaults.length === 0 ? fields : { ...fields, ...Object.fromEntries(defaults) };
}

/** True when the request's fields have every value a conditional promise names. */
export function conditionHolds(when: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(when).every(([name, value]) => fields[name] === value);
}

/** The input fields a promise reads. */
export function promisedInputs(promise: AgentPromise): string[] {
  if ('equal' in promise) return [promise.to];
  if ('count' in promise) return ['to' in promise ? promise.to : promise.atMost];
  if ('sum' in promise) return 'to' in promise ? (typeof promise.to === 'string' ? [promise.to] : []) : [promise.atMost];
  if ('words' in promise) return [promise.atMost];
  if ('within' in promise) return [promise.of];
  if ('require' in promise) return Object.keys(promise.when);
  if ('mentions' in promise) return [promise.mentions];
  return [];
}

/** The number a sum promise holds its total to on one request, and whether exactly; undefined when the request does not say. */
export function sumTarget(promise: Extract<AgentPromise, { sum: string }>, fields: Readonly<Record<string, unknown>>): { total: number; exact: boolean } | undefined {
  const total = 'to' in promise ? (typeof promise.to === 'number' ? promise.to : fields[promise.to]) : fields[promise.atMost];
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? { total, exact: 'to' in promise } : undefined;
}
