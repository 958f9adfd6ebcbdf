/** Keys that would reach an object's prototype: dropped wherever they appear in a form key. */
const unsafeSegments = new Set(['__proto__', 'prototype', 'constructor']);

/** The usual text forms of a boolean in form posts (checkboxes send `on`). */
const booleanTexts: Readonly<Record<string, boolean>> = { true: true, false: false, '1': true, '0': false, on: true, off: false };

/**
 * An `application/x-www-form-urlencoded` body as the object a JSON client would send, the way Zapier, Make
 * and n8n post forms: `inputs[niche]=dentists` and `inputs.niche=dentists` both become `{ inputs: { niche } }`,
 * a key sent twice (or `tags[]`) becomes a list, and the top-level keys named in `booleanKeys` take their
 * boolean value (`true`/`false`, `1`/`0`, `on`/`off`). Other values stay text.
 */
export function parseFormBody(text: string, booleanKeys: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (path.length === 0 || path.some((segment) => unsafeSegments.has(segment))) continue;
    const booleanValue = path.length === 1 && booleanKeys.includes(key) ? booleanTexts[value.trim().toLowerCase()] : undefined;
    assign(body, path, booleanValue ?? value);
  }
  return body;
}

/** `a[b][c]`, `a.b.c` → ['a', 'b', 'c']; a trailing `[]` marks a list and adds nothing. */
function keyPath(key: string): string[] {
  const bracket = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  const segments = bracket ? [bracket[1] as string, ...[...(bracket[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] as string)] : [key];
  return segments.flatMap((segment) => segment.split('.')).filter((segment) => segment !== '');
}

function assign(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    const existing = target[head];
    target[head] = existing === undefined ? value : Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
    return;
  }
  const child = target[head];
  const nested = child !== null && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : {};
  target[head] = nested;
  assign(nested, rest, value);
}
