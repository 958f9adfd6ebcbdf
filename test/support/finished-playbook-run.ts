import type { PlaybookRunRecord } from '../../src/ports/playbook-run-repository.ts';

/** A playbook run of one done step that just finished and asked for a callback: what callbacks are built from. */
export const finishedPlaybookRun = {
  id: 'pbr_1',
  accountId: 'acct',
  kind: 'playbook',
  playbookId: 'lead-blitz',
  playbookName: 'Lead Blitz',
  status: 'done',
  error: null,
  callbackUrl: 'https://hooks.example.com/in',
  createdAt: '2026-06-01T12:00:00.000Z',
  completedAt: '2026-06-01T12:00:01.000Z',
  updatedAt: '2026-06-01T12:00:01.000Z',
  steps: [{ stepIndex: 0, agent: 'leads', status: 'done', model: 'sandbox/deterministic', error: null, result: '{"count":1,"model":"sandbox/deterministic"}' }],
} as unknown as PlaybookRunRecord;
