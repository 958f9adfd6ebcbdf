import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import type { PlaybookField } from './playbook-definition.ts';
import { validatePlaybookInputs } from './playbook-inputs.ts';

const fields: PlaybookField[] = [
  { key: 'url', label: 'Website', type: 'url', required: true },
  { key: 'topic', label: 'Topic', type: 'text', required: true },
  { key: 'budget', label: 'Budget', type: 'number', required: false },
  { key: 'tone', label: 'Tone', type: 'select', required: false, options: ['friendly', 'formal'] },
  { key: 'urgent', label: 'Urgent', type: 'boolean', required: false },
];

function issuesOf(inputs: Record<string, unknown>): { path: string; message: string }[] {
  try {
    validatePlaybookInputs(fields, inputs);
  } catch (error) {
    if (error instanceof AppError) return error.details.issues as { path: string; message: string }[];
    throw error;
  }
  return [];
}

describe('playbook inputs', () => {
  it('accepts valid inputs, reading numbers and booleans from their text forms and dropping empty optional ones', () => {
    expect(validatePlaybookInputs(fields, { url: 'acme.com', topic: 'CRM', budget: '5000', tone: '', urgent: 'true' })).toEqual({ url: 'acme.com', topic: 'CRM', budget: 5000, urgent: true });
  });

  it('lists every problem: missing required inputs, wrong types, options, unknown keys', () => {
    expect(issuesOf({ topic: '  ', budget: 'lots', tone: 'angry', urgent: 'yes', extra: 1, url: 'ftp://localhost' })).toEqual([
      { path: 'inputs.extra', message: 'Not an input of this playbook; it takes url, topic, budget, tone, urgent' },
      { path: 'inputs.url', message: 'Expected an http(s) URL' },
      { path: 'inputs.topic', message: 'Required: Topic' },
      { path: 'inputs.budget', message: 'Expected a number' },
      { path: 'inputs.tone', message: 'Expected one of: friendly, formal' },
      { path: 'inputs.urgent', message: 'Expected true or false' },
    ]);
  });

  it('keeps text that starts like a problem as the caller wrote it, and never quotes a value in a problem', () => {
    expect(validatePlaybookInputs(fields, { url: 'acme.com', topic: '!card 4111 1111 1111 1111' })).toEqual({ url: 'acme.com', topic: '!card 4111 1111 1111 1111' });
    expect(JSON.stringify(issuesOf({ url: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', topic: 'x', tone: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' }))).not.toContain('sk_live');
  });
});
