import { invalidRequest } from '../domain/errors.ts';

/**
 * What a form body may hold. Automation tools send a few dozen short fields; these bounds keep the work a
 * form can cause small and linear, and a form past one is refused before it is built.
 */
export const formBodyLimits = {
  /** Fields (`key=value` pairs) in one body. */
  fields: 1000,
  /** Characters in one key, once decoded. */
  keyLength: 200,
  /** Segments of one key: `a[b][c][d][e]` and `a.b.c.d.e` have five. */
  keySegments: 5,
  /** Values one key may collect into a list (`tags[]=…` or the key repeated). */
  listLength: 100,
} as const;

/** Keys that would reach an object's prototype: dropped wherever they appear in a form key. */
const unsafeSegments = new Set(['__proto__', 'prototype', 'constructor']);

/** The usual text forms of a boolean in form posts (checkboxes send `on`). */
const booleanTexts: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false, on: true, off: false };

/**
 * An `application/x-www-form-urlencoded` body as the object a JSON client would send, the way Zapier, Make
 * and n8n post forms: `inputs[niche]=dentists` and `inputs.niche=dentists` both become `{ inputs: { niche } }`,
 * a key sent twice (or `tags[]`) becomes a list, and the top-level keys named in `booleanKeys` take their
 * boolean value (`true`/`false`, `1`/`0`, `on`/`off`). Other values stay text. A body past one of
 * `formBodyLimits` is a 400 `invalid_request`.
 */
export function parseFormBody(text: string, booleanKeys: readonly string[] = []): Record<string, unknown> {
  refuseTooManyFields(text);
  const body: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (path.length > formBodyLimits.keySegments) throw formLimitError(key, `nests ${path.length} levels deep; form keys nest at most ${formBodyLimits.keySegments} levels`);
    if (key.length > formBodyLimits.keyLength) throw formLimitError(key, `is longer than ${formBodyLimits.keyLength} characters; keys have at most ${formBodyLimits.keyLength} characters`);
    if (path.length === 0 || path.some((segment) => unsafeSegments.has(segment))) continue;
    const booleanValue = path.length === 1 && booleanKeys.includes(key) ? booleanTexts[value.trim().toLowerCase()] : undefined;
    assign(body, path, booleanValue ?? value);
  }
  return body;
}

/** Counts the non-empty `&`-separated pieces, stopping at the first one past the limit. */
function refuseTooManyFields(text: string): void {
  let fields = 0;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('&', start);
    const pieceEnd = end === -1 ? text.length : end;
    if (pieceEnd > start) fields += 1;
    if (fields > formBodyLimits.fields) {
      throw invalidRequest([{ path: '', message: `a form body holds at most ${formBodyLimits.fields} fields` }]);
    }
    if (end === -1) return;
    start = end + 1;
  }
}

/** `a[b][c]`, `a.b.c` → ['a', 'b', 'c']; a trailing `[]` marks a list and adds nothing. */
function keyPath(key: string): string[] {
  const bracket = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  const segments = bracket ? [bracket[1] as string, ...[...(bracket[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] as string)] : [key];
  return segments.flatMap((segment) => segment.split('.')).filter((segment) => segment !== '');
}

/** Walks (and creates) the path, then sets the value or adds it to the key's list in place. */
function assign(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const child = ownValue(node, segment);
    const nested = child !== null && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : {};
    node[segment] = nested;
    node = nested;
  }
  const last = path[path.length - 1] as string;
  const existing = ownValue(node, last);
  if (existing === undefined) {
    node[last] = value;
  } else if (Array.isArray(existing)) {
    if (existing.length >= formBodyLimits.listLength) throw formLimitError(path.join('.'), `has more than ${formBodyLimits.listLength} values; a list holds at most ${formBodyLimits.listLength} values`);
    existing.push(value);
  } else {
    node[last] = [existing, value];
  }
}

/** Only the object's own keys: `toString` in a form is a field, not Object.prototype's method. */
function ownValue(node: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined;
}

function formLimitError(key: string, problem: string) {
  const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
  return invalidRequest([{ path: shown, message: problem }]);
}
