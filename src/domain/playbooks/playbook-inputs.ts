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
  const { issues, accepted } = readPlaybookInputs(fields, inputs);
  if (issues.length > 0) throw invalidRequest(issues);
  return accepted;
}

/** The inputs read against the fields: every problem, and the values that were accepted. */
export function readPlaybookInputs(fields: readonly PlaybookField[], inputs: Readonly<Record<string, unknown>>): { issues: ValidationIssue[]; accepted: Record<string, string | number | boolean> } {
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
    const read = readValue(field, raw);
    if ('problem' in read) issues.push({ path, message: read.problem });
    else accepted[field.key] = read.value;
  }
  return { issues, accepted };
}

/**
 * The value as its field's type, or what is wrong with it. A problem never quotes the value: text that
 * happens to start like a message stays the caller's text, and refusals do not echo what was sent.
 */
function readValue(field: PlaybookField, raw: unknown): { value: string | number | boolean } | { problem: string } {
  switch (field.type) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      return Number.isFinite(number) ? { value: number } : { problem: 'Expected a number' };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { problem: 'Expected true or false' };
    case 'select':
      return typeof raw === 'string' && field.options?.includes(raw) ? { value: raw } : { problem: `Expected one of: ${(field.options ?? []).join(', ')}` };
    case 'url':
      return typeof raw === 'string' && isWebAddress(raw.trim()) ? { value: raw.trim() } : { problem: 'Expected an http(s) URL' };
    case 'text':
    case 'textarea':
      if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: 'Expected text' };
      return String(raw).length <= maxTextLength ? { value: String(raw) } : { problem: `At most ${maxTextLength} characters` };
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
