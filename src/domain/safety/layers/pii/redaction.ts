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
  readonly #numbers = new Map<PiiType, Map<string, number>>();

  for(type: PiiType, key: string): string {
    let numbers = this.#numbers.get(type);
    if (numbers === undefined) {
      numbers = new Map();
      this.#numbers.set(type, numbers);
    }
    let number = numbers.get(key);
    if (number === undefined) {
      number = numbers.size + 1;
      numbers.set(key, number);
    }
    return `[${type.toUpperCase()}_${number}]`;
  }
}

/**
 * Replaces each part with its placeholder. Overlapping parts (a finding inside an encoded span that is
 * replaced whole) become one replacement, named after the first.
 */
export function applyReplacements(text: string, replacements: readonly Replacement[], placeholders: Placeholders): string {
  const merged: Replacement[] = [];
  for (const replacement of [...replacements].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = merged.at(-1);
    if (last !== undefined && replacement.start < last.end) last.end = Math.max(last.end, replacement.end);
    else merged.push({ ...replacement });
  }
  let result = '';
  let position = 0;
  for (const replacement of merged) {
    result += text.slice(position, replacement.start) + placeholders.for(replacement.type, replacement.key);
    position = replacement.end;
  }
  return result + text.slice(position);
}
