import { describe, expect, it } from 'vitest';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import { AppError } from '../errors.ts';
import { RunCallbacks } from './run-callbacks.ts';
import type { WebhookMessage } from './webhook-dispatcher.ts';
import { finishedPlaybookRun } from '../../../test/support/finished-playbook-run.ts';

function callbacks(secret: string | undefined) {
  const sent: WebhookMessage[] = [];
  const subject = new RunCallbacks({ secretOf: async () => secret });
  /** Collects what a finished run would send. */
  const finish = (run: PlaybookRunRecord) => {
    const message = subject.messageFor(run);
    if (message) sent.push(message);
  };
  return { subject, sent, finish };
}

describe('RunCallbacks', () => {
  it('accepts an http(s) URL when the account can sign, and refuses otherwise with the reason', async () => {
    expect(await callbacks('whsec_x').subject.check('acct', 'https://hooks.example.com/in')).toBe('https://hooks.example.com/in');
    for (const [secret, url, message] of [
      ['whsec_x', 'ftp://hooks.example.com/', /http\(s\)/],
      ['whsec_x', 'not a url', /absolute/],
      [undefined, 'https://hooks.example.com/in', /webhook secret/],
    ] as const) {
      const refusal = await callbacks(secret).subject.check('acct', url).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('invalid_request');
      expect((refusal as AppError).message).toMatch(message);
    }
  });

  it('queues playbook.completed / playbook.failed with every step, and nothing for canceled runs', async () => {
    const { sent, finish } = callbacks('whsec_x');
    finish(finishedPlaybookRun);
    finish({ ...finishedPlaybookRun, status: 'failed', error: { code: 'upstream_unavailable', message: 'down' } });
    finish({ ...finishedPlaybookRun, status: 'canceled' });
    finish({ ...finishedPlaybookRun, callbackUrl: null });
    expect(sent.map((message) => message.type)).toEqual(['playbook.completed', 'playbook.failed']);
    expect(sent[0]).toMatchObject({ accountId: 'acct', url: 'https://hooks.example.com/in', runId: 'pbr_1' });
    expect(sent[0]?.data).toMatchObject({ runId: 'pbr_1', status: 'done', steps: [{ stepIndex: 0, agentName: 'leads', result: { count: 1 } }] });
  });

  it('queues run.completed / run.failed for an agent run, with its result as the agent run view shows it', async () => {
    const { sent, finish } = callbacks('whsec_x');
    const agentRun = {
      ...finishedPlaybookRun,
      id: 'agr_1',
      kind: 'agent',
      playbookId: 'summarize',
      playbookName: 'Summarize',
      startedAt: '2026-06-01T12:00:00.200Z',
      updatedAt: '2026-06-01T12:00:01.000Z',
      steps: [{ stepIndex: 0, agent: 'summarize', status: 'done', model: 'sandbox/deterministic', error: null, agentRunId: 'run_9', result: '{"summary":"s","model":"sandbox/deterministic"}' }],
    } as unknown as PlaybookRunRecord;
    finish(agentRun);
    finish({ ...agentRun, status: 'failed', error: { code: 'safety_blocked', message: 'refused' } });
    expect(sent.map((message) => message.type)).toEqual(['run.completed', 'run.failed']);
    expect(sent[0]?.data).toEqual({
      runId: 'agr_1',
      id: 'agr_1',
      type: 'agent',
      agent: 'summarize',
      status: 'done',
      done: true,
      result: { summary: 's', model: 'sandbox/deterministic' },
      model: 'sandbox/deterministic',
      error: null,
      agentRunId: 'run_9',
      durationMs: 800,
      createdAt: '2026-06-01T12:00:00.000Z',
      startedAt: '2026-06-01T12:00:00.200Z',
      completedAt: '2026-06-01T12:00:01.000Z',
      statusUrl: '/api/runs/agr_1',
    });
    expect(sent[1]?.data).toMatchObject({ status: 'failed', error: { code: 'safety_blocked' } });
  });
});
