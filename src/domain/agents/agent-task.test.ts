import { describe, expect, it } from 'vitest';
import { fixtureCatalog } from '../../../test/support/agent-fixtures.ts';
import { AppError } from '../errors.ts';
import type { Agent } from './agent.ts';
import { resolveAgentTask } from './agent-task.ts';

const catalog = fixtureCatalog();
const finder = catalog.find('finder') as Agent;
const summarize = catalog.find('summarize') as Agent;

function issuesOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.details.issues;
    throw error;
  }
  throw new Error('expected an invalid_request');
}

describe('resolveAgentTask', () => {
  it('uses the prompt and appends structured fields from the top level or input', () => {
    const task = resolveAgentTask(finder, { prompt: 'Fintech startups', location: 'Berlin', input: { size: 50 } });
    expect(task.fields).toEqual({ location: 'Berlin', size: 50 });
    expect(task.prompt).toBe('Fintech startups\n\nDetails:\n- location: Berlin\n- size: 50');
  });

  it('builds the task from the template when only the required fields are sent', () => {
    const task = resolveAgentTask(finder, { niche: 'fintech', location: 'Berlin' });
    expect(task.prompt.startsWith('Find companies in fintech near Berlin.')).toBe(true);
  });

  it('renders a missing optional field as empty text, never a literal placeholder', () => {
    const task = resolveAgentTask(finder, { input: { niche: 'fintech' } });
    expect(task.prompt).not.toContain('{{');
  });

  it('requires a prompt when the agent has no fields', () => {
    expect(issuesOf(() => resolveAgentTask(summarize, {}))).toEqual([{ path: 'prompt', message: 'Required: send a prompt (1-50000 characters)' }]);
    expect(issuesOf(() => resolveAgentTask(summarize, { prompt: '   ' }))).toHaveLength(1);
  });

  it('requires the agent’s required fields when there is no prompt, listing every problem', () => {
    expect(issuesOf(() => resolveAgentTask(finder, { location: 'Berlin', size: 0 }))).toEqual([
      { path: 'niche', message: expect.any(String) },
      { path: 'size', message: expect.any(String) },
    ]);
  });

  it('checks field types even when a prompt is present', () => {
    expect(issuesOf(() => resolveAgentTask(finder, { prompt: 'x', size: 'big' }))).toEqual([{ path: 'size', message: expect.any(String) }]);
  });
});
