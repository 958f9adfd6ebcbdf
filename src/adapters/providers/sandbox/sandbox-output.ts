import { mentionRule } from '../../../domain/agents/promises/narrow-output-schema.ts';
import { describePrompt } from './prompt-subject.ts';
import { SandboxText } from './sandbox-text.ts';
import { sandboxToolTurn } from './sandbox-tool-turn.ts';
import { slugify } from '../../../shared/slug.ts';
import { oneOf, trimEnd } from '../../../shared/text-scanning.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Builds a value that satisfies a JSON Schema from the words of a task, the same every time for the same
 * task. Field names steer the wording (an `email` gets an address, a `summary` a sentence), so sandbox
 * output reads like an answer about the task while being plainly generated.
 */
export function generateSandboxOutput(schema: JsonSchema, prompt: string): unknown {
  const text = new SandboxText(describePrompt(prompt));
  const turn = sandboxToolTurn(schema, prompt);
  if (turn) return { ...(generateValue(turn.generate, { text, path: '$', fieldName: '', index: 0, siblings: {} }) as Record<string, unknown>), ...turn.fill };
  return generateValue(schema, { text, path: '$', fieldName: '', index: 0, siblings: {} });
}

interface Context {
  text: SandboxText;
  path: string;
  fieldName: string;
  index: number;
  /** Values already generated in the enclosing object, so a contact can match its company. */
  siblings: Record<string, unknown>;
}

function generateValue(schema: JsonSchema, context: Context): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return context.text.pick(schema.enum, `${context.path}:enum`);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    const usable = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return generateValue(usable as JsonSchema, context);
  }
  switch (schemaType(schema)) {
    case 'object':
      return generateObject(schema, context);
    case 'array':
      return generateArray(schema, context);
    case 'integer':
      return generateNumber(schema, context, true);
    case 'number':
      return generateNumber(schema, context, false);
    case 'boolean':
      // The sandbox never claims that something happened (a message sent, a check passed).
      return false;
    case 'null':
      return null;
    default:
      return generateString(schema, context);
  }
}

function schemaType(schema: JsonSchema): string {
  const type = schema.type;
  if (Array.isArray(type)) return (type.find((entry) => entry !== 'null') as string | undefined) ?? 'null';
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return 'string';
}

function generateObject(schema: JsonSchema, context: Context): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const result: Record<string, unknown> = {};
  // Arrays first, so counts can match them; then fields in declaration order.
  const names = Object.keys(properties).sort((left, right) => arrayFirst(properties[left]) - arrayFirst(properties[right]));
  for (const name of names) {
    result[name] = generateValue(properties[name] as JsonSchema, {
      text: context.text,
      path: `${context.path}.${name}`,
      fieldName: name,
      index: context.index,
      siblings: result,
    });
  }
  matchCountsToArrays(result, properties);
  return Object.fromEntries(Object.keys(properties).map((name) => [name, result[name]]));
}

function arrayFirst(schema: JsonSchema | undefined): number {
  return schema && schemaType(schema) === 'array' ? 0 : 1;
}

/** `count` or `total` beside an array states that array's length. */
function matchCountsToArrays(result: Record<string, unknown>, properties: Record<string, JsonSchema>): void {
  const firstArray = Object.values(result).find(Array.isArray);
  if (!firstArray) return;
  for (const name of ['count', 'total', 'totalCount', 'itemCount']) {
    const property = properties[name];
    if (property && ['integer', 'number'].includes(schemaType(property))) result[name] = firstArray.length;
  }
}

function generateArray(schema: JsonSchema, context: Context): unknown[] {
  const minimum = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maximum = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const length = Math.min(Math.max(3, minimum), maximum);
  const itemSchema = (schema.items ?? {}) as JsonSchema;
  const items: unknown[] = [];
  for (let index = 0; index < length; index += 1) {
    let item = generateValue(itemSchema, {
      ...context,
      path: `${context.path}[${index}]`,
      index: context.index * 7 + index,
      siblings: {},
    });
    if (typeof item === 'string' && items.includes(item)) {
      // Fewer distinct words than items: stop once the minimum is met rather than repeat ourselves.
      if (items.length >= minimum) break;
      item = `${item} ${index + 1}`;
    }
    items.push(item);
  }
  return items;
}

function generateNumber(schema: JsonSchema, context: Context, integer: boolean): number {
  const name = context.fieldName.toLowerCase();
  const unit = context.text.unit(context.path);
  let low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  let high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + (integer ? 1 : 0.01);
  if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - (integer ? 1 : 0.01);
  if (/score|rating|confidence|probability|percent/.test(name)) {
    const floor = low ?? 0;
    const ceiling = high ?? (/probability|confidence/.test(name) && !integer ? 1 : 100);
    // Scores land in the upper half of their range: sandbox answers are plausible, not alarming.
    return round(floor + (ceiling - floor) * (0.55 + unit * 0.4), integer);
  }
  if (/year/.test(name)) return clamp(2026, low, high);
  if (/price|budget|cost|amount|revenue|value|salary/.test(name)) return Math.round(clamp(500 + unit * 49_500, low, high));
  const floor = low ?? 1;
  const ceiling = high ?? Math.max(floor + 9, 10);
  return round(floor + (ceiling - floor) * unit, integer);
}

function round(value: number, integer: boolean): number {
  return integer ? Math.round(value) : Math.round(value * 100) / 100;
}

function clamp(value: number, low: number | undefined, high: number | undefined): number {
  return Math.min(Math.max(value, low ?? Number.NEGATIVE_INFINITY), high ?? Number.POSITIVE_INFINITY);
}

function generateString(schema: JsonSchema, context: Context): string {
  const value = stringFor(schema, context);
  const missing = wordsToMention(schema).filter((words) => !value.toLowerCase().includes(words.toLowerCase()));
  return fitLength(missing.length > 0 ? `${missing.join(', ')}: ${value}` : value, schema, context);
}

/** The words a field's description asks to mention (promises to the request), which sandbox text then leads with. */
function wordsToMention(schema: JsonSchema): string[] {
  const description = typeof schema.description === 'string' ? schema.description : '';
  const marker = `${mentionRule} "`;
  const words: string[] = [];
  for (let start = description.indexOf(marker); start >= 0; start = description.indexOf(marker, start + 1)) {
    const from = start + marker.length;
    const end = description.indexOf('".', from);
    if (end > from) words.push(description.slice(from, end));
  }
  return words;
}

function stringFor(schema: JsonSchema, context: Context): string {
  const { text, index, siblings } = context;
  const name = context.fieldName;
  const lower = name.toLowerCase();
  const company = typeof siblings.company === 'string' ? siblings.company : undefined;
  const detail = text.subject.details[name];
  if (detail) return detail;

  switch (schema.format) {
    case 'email':
      return text.email(index, company);
    case 'uri':
    case 'url':
      return text.url(index, company);
    case 'date':
      return dateFor(text.unit(context.path));
    case 'date-time':
      return `${dateFor(text.unit(context.path))}T09:00:00Z`;
    case 'hostname':
      return new URL(text.url(index, company)).hostname;
    default:
      break;
  }

  // The sandbox cannot translate: it hands the text back as it came rather than filler.
  if (lower === 'translation' && text.subject.details.text) return text.subject.details.text;
  if (/email/.test(lower) || lower === 'contact') return text.email(index, company);
  if (/phone/.test(lower)) return `+1-555-01${String(Math.floor(text.unit(context.path) * 100)).padStart(2, '0')}`;
  if (/^(domain|hostname)$/.test(lower)) return new URL(text.url(index, company)).hostname;
  if (/url|website|link|homepage|href/.test(lower)) return text.url(index, company);
  if (/slug/.test(lower)) return slugify(typeof siblings.title === 'string' ? siblings.title : text.subject.topic);
  if (/company|organi[sz]ation|business|competitor|brand|vendor|employer/.test(lower)) return text.companyName(index);
  if (/author|person|owner|assignee|speaker|attendee|recipient|contactname|fullname/.test(lower)) return text.personName(index);
  if (/title|headline|heading|subject/.test(lower)) return text.title(index);
  if (/markdown|body|article|document|draft|post/.test(lower)) return text.markdown(index);
  if (/^(lang|language|locale)$/.test(lower)) return 'en';
  if (/location|city|region|country|market|geography|address/.test(lower)) return text.place(index);
  if (/currency/.test(lower)) return 'USD';
  if (/date|deadline|due/.test(lower)) return dateFor(text.unit(context.path));
  if (/priority|severity|impact|effort|level/.test(lower)) return text.pick(['high', 'medium', 'low'], context.path);
  if (/sentiment/.test(lower)) return text.pick(['positive', 'neutral', 'negative'], context.path);
  if (/keyword|tag|topic|term/.test(lower)) return text.keyword(index);
  if (/name|label|category|type|segment|channel|role|stage|industry|niche/.test(lower)) return text.phrase(index, 2);
  if (/^(reply|response|answer|message)$/.test(lower)) return text.reply(index);
  if (/summary|description|overview|abstract|answer|response|reply|message|text|content|explanation|rationale|reason|note|analysis|recommendation|insight|finding|action|step|advice|question|outcome|goal|risk|issue/.test(lower)) {
    return text.paragraph(index, 2);
  }
  return text.sentence(index);
}

function dateFor(unit: number): string {
  const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(unit * 365) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function fitLength(value: string, schema: JsonSchema, context: Context): string {
  const maximum = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const minimum = typeof schema.minLength === 'number' ? schema.minLength : 0;
  let result = value;
  let extra = 1;
  while (result.length < minimum) {
    result = `${result} ${context.text.sentence(context.index + extra)}`;
    extra += 1;
  }
  if (maximum !== undefined && result.length > maximum) {
    const cut = result.slice(0, maximum);
    const lastSpace = cut.lastIndexOf(' ');
    result = lastSpace >= Math.max(minimum, maximum / 2) ? trimEnd(cut.slice(0, lastSpace), oneOf(',;:—-', { orWhitespace: true })) : cut;
  }
  return result;
}
