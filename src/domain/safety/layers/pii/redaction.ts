import type { PiiType } from './pii-finding.ts';

/** A part of a string to replace with the placeholder of one finding. */
export interface Replacement {
  start: number;
  end: number;
  type: PiiType;
  /** The value in comparable form (see `valueKey`), so one value always gets one placeholder. */
  key: string;
}

/** The value of a finding in a form that ignores formatting: "+1 415-555-0132" and "+14155550132" agree. */
export function valueKey(type: PiiType, value: string): string {
  switch (type) {
    case 'phone':
    case 'card':
    case 'ssn':
      return value.replace(/\D/g, '');
    case 'iban':
      return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    case 'email':
    case 'ip':
      return value.toLowerCase();
    case 'secret':
      return value;
  }
}

/**
 * Numbers placeholders per type across one request: the first email is `[EMAIL_1]`, the next different one
 * `[EMAIL_2]`, and the same email again `[EMAIL_1]`. Held only for the duration of one scan.
 */
export class Placeholders {
  /** The placeholder of each value, by type: the same value again takes the same string. */
  readonly #placeholders = new Map<PiiType, Map<string, string>>();

  for(type: PiiType, key: string): string {
    let placeholders = this.#placeholders.get(type);
    if (placeholders === undefined) {
      placeholders = new Map();
      this.#placeholders.set(type, placeholders);
    }
    let placeholder = placeholders.get(key);
    if (placeholder === undefined) {
      placeholder = `[${type.toUpperCase()}_${placeholders.size + 1}]`;
      placeholders.set(key, placeholder);
    }
    return placeholder;
  }
}

/**
 * Replaces each part with its placeholder. Overlapping parts (a finding inside an encoded span that is
 * replaced whole) become one replacement, named after the first.
 */
export function applyReplacements(text: string, replacements: readonly Replacement[], placeholders: Placeholders): string {
  const ordered = inOrder(replacements);
  let result = '';
  let position = 0;
  let index = 0;
  for (let first = ordered[0]; first !== undefined; first = ordered[index]) {
    let end = first.end;
    for (index += 1; index < ordered.length && (ordered[index]?.start ?? end) < end; index += 1) end = Math.max(end, ordered[index]?.end ?? end);
    result += text.slice(position, first.start) + placeholders.for(first.type, first.key);
    position = end;
  }
  return result + text.slice(position);
}

/** The replacements by start, the longest first; most come in that order already, and are then not copied. */
function inOrder(replacements: readonly Replacement[]): readonly Replacement[] {
  const before = (a: Replacement, b: Replacement) => a.start - b.start || b.end - a.end;
  for (let index = 1; index < replacements.length; index += 1) {
    const previous = replacements[index - 1];
    const replacement = replacements[index];
    if (previous !== undefined && replacement !== undefined && before(previous, replacement) > 0) return [...replacements].sort(before);
  }
  return replacements;
}
