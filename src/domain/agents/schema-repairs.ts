import { slugify } from '../../shared/slug.ts';
import { isRecord } from './promises/output-paths.ts';

type JsonSchema = Record<string, unknown>;

/** An output with what code changed to make it fit its schema, as `path: what was done`. */
export interface SchemaRepairs {
  value: unknown;
  repaired: string[];
}

/**
 * Mends what code can decide in a model's output before any model is asked again: text over its length cut
 * between words, a slug that misses its pattern made from its words, a value in the wrong case of an enum,
 * a number as text, a fraction where a whole number goes, a number outside its range brought in, a date
 * written another way, too many items, repeated items of a unique list, fields the schema does not know.
 * What only a model can fix (a missing field, text too short, too few items) is left for validation to
 * report. The value is not changed in place. The walk follows the schema, so its depth is the schema's.
 */
export function repairToSchema(schema: JsonSchema, value: unknown): SchemaRepairs {
  const repaired: string[] = [];
  return { value: repair(schema, value, '', repaired), repaired };
}

function repair(schema: JsonSchema, value: unknown, path: string, repaired: string[]): unknown {
  if (value === undefined || value === null) return value;
  const note = (what: string): void => void repaired.push(`${path || '(root)'}: ${what}`);
  const type = primaryType(schema);
  if (type === 'object' && isRecord(value)) return repairObject(schema, value, path, repaired);
  if (type === 'array' && Array.isArray(value)) return repairArray(schema, value, path, repaired, note);
  if ((type === 'integer' || type === 'number') && (typeof value === 'number' || typeof value === 'string')) return repairNumber(schema, value, type === 'integer', note);
  if (type === 'string' && typeof value === 'string') return repairString(schema, value, note);
  return value;
}

function primaryType(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((entry) => entry !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties)) return 'object';
  return isRecord(schema.items) ? 'array' : undefined;
}

function repairObject(schema: JsonSchema, value: Record<string, unknown>, path: string, repaired: string[]): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const result: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const childSchema = properties[name];
    if (!childSchema) {
      if (schema.additionalProperties === false) repaired.push(`${path ? `${path}.` : ''}${name}: removed, the schema has no such field`);
      else result[name] = child;
      continue;
    }
    result[name] = repair(childSchema, child, path ? `${path}.${name}` : name, repaired);
  }
  return result;
}

function repairArray(schema: JsonSchema, value: unknown[], path: string, repaired: string[], note: (what: string) => void): unknown[] {
  const items = isRecord(schema.items) ? (schema.items as JsonSchema) : undefined;
  let result = items ? value.map((item, index) => repair(items, item, `${path}[${index}]`, repaired)) : [...value];
  if (schema.uniqueItems === true) {
    const seen = new Set<string>();
    const unique = result.filter((item) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (unique.length < result.length) note(`${result.length - unique.length} repeated item(s) removed`);
    result = unique;
  }
  if (typeof schema.maxItems === 'number' && result.length > schema.maxItems) {
    note(`cut from ${result.length} to ${schema.maxItems} items`);
    result = result.slice(0, schema.maxItems);
  }
  return result;
}

function repairNumber(schema: JsonSchema, value: number | string, integer: boolean, note: (what: string) => void): unknown {
  let number = value;
  if (typeof number === 'string') {
    const parsed = /^\s*-?\d+(?:\.\d+)?\s*$/.test(number) ? Number(number) : Number.NaN;
    if (!Number.isFinite(parsed)) return value;
    note('text read as a number');
    number = parsed;
  }
  if (!Number.isFinite(number)) return number;
  if (integer && !Number.isInteger(number)) {
    note(`${number} rounded to a whole number`);
    number = Math.round(number);
  }
  const low = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const high = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (low !== undefined && number < low) {
    note(`${number} raised to the minimum ${low}`);
    number = low;
  } else if (high !== undefined && number > high) {
    note(`${number} lowered to the maximum ${high}`);
    number = high;
  }
  return number;
}

function repairString(schema: JsonSchema, value: string, note: (what: string) => void): string {
  let text = value;
  if (Array.isArray(schema.enum) && !schema.enum.includes(text)) {
    const wanted = text.trim().toLowerCase();
    const match = schema.enum.find((option) => typeof option === 'string' && option.toLowerCase() === wanted);
    if (typeof match === 'string') {
      note(`"${clip(text)}" written as "${match}"`);
      return match;
    }
  }
  if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = isoDate(text);
    if (date) {
      note(`date "${clip(text)}" written as ${date}`);
      text = date;
    }
  }
  if (typeof schema.pattern === 'string' && isSlugPattern(schema.pattern) && !isSlug(text)) {
    const slug = slugify(text, typeof schema.maxLength === 'number' ? schema.maxLength : 60);
    note(`slug "${clip(text)}" made "${slug}"`);
    text = slug;
  }
  if (typeof schema.maxLength === 'number' && text.length > schema.maxLength) {
    note(`cut from ${text.length} to at most ${schema.maxLength} characters`);
    text = cutBetweenWords(text, schema.maxLength);
  }
  return text;
}

/** Lowercase words of ASCII letters and digits joined by single hyphens, read in one pass. */
function isSlug(text: string): boolean {
  let previousHyphen = true;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const hyphen = code === 45;
    if (hyphen ? previousHyphen : !((code >= 97 && code <= 122) || (code >= 48 && code <= 57))) return false;
    previousHyphen = hyphen;
  }
  return text.length > 0 && !previousHyphen;
}

/** The patterns catalog schemas give slugs: lowercase words of letters and digits joined by hyphens. */
function isSlugPattern(pattern: string): boolean {
  return /^\^\[a-z0-9\]\+\(\?:-\[a-z0-9\]\+\)\*\$$/.test(pattern);
}

/** A date the model wrote another way ("March 3, 2026", "2026/03/03", "2026-03-03T10:00:00Z"), as YYYY-MM-DD, or undefined. */
function isoDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 40) return undefined;
  const prefix = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(trimmed);
  if (prefix) return validDate(Number(prefix[1]), Number(prefix[2]), Number(prefix[3]));
  const parsed = Date.parse(`${trimmed} UTC`);
  if (!Number.isFinite(parsed)) return undefined;
  const date = new Date(parsed);
  return validDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function validDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * At most `limit` UTF-16 units (what validation counts), cut at the last space in the second half when there
 * is one, with an ellipsis; never between the two halves of a surrogate pair.
 */
function cutBetweenWords(text: string, limit: number): string {
  const keep = (length: number): string => text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(length - 1)) ? length - 1 : length);
  if (limit < 2) return keep(limit);
  const head = keep(limit - 1);
  const space = head.lastIndexOf(' ');
  return `${(space >= head.length / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
