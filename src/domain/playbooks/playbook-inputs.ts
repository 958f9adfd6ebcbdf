import { invalidRequest, type ValidationIssue } from '../errors.ts';
import type { PlaybookField } from './playbook-definition.ts';

/** Longest text one input may hold; a run's prompts are bounded, and so is what goes into them. */
const maxTextLength = 50_000;

/**
 * The inputs of a playbook run, checked against its fields: required ones present, each of its type
 * (numbers and booleans also accepted as their usual text forms), select values among the options, no keys
 * the playbook does not declare. Every problem is listed (400 `invalid_request`). Empty optional inputs are
 * dropped, so templates render them as empty text.
 */
export function validatePlaybookInputs(fields: readonly PlaybookField[], inputs: Readonly<Record<string, unknown>>): Record<string, string | number | boolean> {
  const issues: ValidationIssue[] = [];
  const accepted: Record<string, string | number | boolean> = {};
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(inputs)) {
    if (!known.has(key)) issues.push({ path: `inputs.${key}`, message: `Not an input of this playbook; it takes ${[...known].join(', ') || 'none'}` });
  }
  for (const field of fields) {
    const path = `inputs.${field.key}`;
    const raw = inputs[field.key];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (field.required) issues.push({ path, message: `Required: ${field.label}` });
      continue;
    }
    const value = readValue(field, raw);
    if (typeof value === 'string' && value.startsWith('!')) issues.push({ path, message: value.slice(1) });
    else accepted[field.key] = value;
  }
  if (issues.length > 0) throw invalidRequest(issues);
  return accepted;
}

/** The value as its field's type, or a problem prefixed with "!". */
function readValue(field: PlaybookField, raw: unknown): string | number | boolean {
  switch (field.type) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      return Number.isFinite(number) ? number : '!Expected a number';
    }
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return '!Expected true or false';
    case 'select':
      return typeof raw === 'string' && field.options?.includes(raw) ? raw : `!Expected one of: ${(field.options ?? []).join(', ')}`;
    case 'url':
      return typeof raw === 'string' && isWebAddress(raw.trim()) ? raw.trim() : '!Expected an http(s) URL';
    case 'text':
    case 'textarea':
      if (typeof raw !== 'string' && typeof raw !== 'number') return '!Expected text';
      return String(raw).length <= maxTextLength ? String(raw) : `!At most ${maxTextLength} characters`;
  }
}

/** An http(s) URL, or a bare host name such as `example.com` (read as https). */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (url.hostname.includes('.') || url.hostname === 'localhost');
  } catch {
    return false;
  }
}
