import type { PlaybookEventRecord } from '../../ports/playbook-run-repository.ts';
import type { RunView } from './run-view.ts';

/**
 * The events of a run that answered its request, as `GET /api/runs/{id}/events` sends them: such a run is
 * stored only once it ended, so its stream is its start and its end, with the ids and types a durable
 * run's stream uses (`run.started`, then `run.completed` or `run.failed`).
 */
export function eventsOfLoggedRun(run: RunView): PlaybookEventRecord[] {
  const started: PlaybookEventRecord = {
    runId: run.id,
    sequence: 1,
    type: 'run.started',
    data: { runId: run.id, agent: run.agent, status: 'running', progress: 0 },
    createdAt: run.createdAt,
  };
  const endedAt = run.completedAt ?? run.createdAt;
  const ended: PlaybookEventRecord =
    run.status === 'done'
      ? { runId: run.id, sequence: 2, type: 'run.completed', data: { runId: run.id, status: 'done', progress: 100, model: run.model, durationMs: run.durationMs }, createdAt: endedAt }
      : { runId: run.id, sequence: 2, type: 'run.failed', data: { runId: run.id, status: 'failed', error: run.error, progress: run.progress }, createdAt: endedAt };
  return [started, ended];
}
