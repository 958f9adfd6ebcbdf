import type { ChaosCluster } from './chaos-cluster.ts';
import type { AnsweredRequest, StartedPlaybookRun } from './chaos-load.ts';
import type { FaultRecord, Window } from './fault-injector.ts';
import { holdsLeft, spentAccordingToStoredRuns } from './stored-spend.ts';

/** One line of the table: whether a property held after the run, and the numbers behind the verdict. */
export interface CheckResult {
  check: ChaosCheck;
  passed: boolean;
  numbers: string;
}

export const chaosChecks = ['exact quota', 'playbook runs finish', 'one model call per step', 'bounded takeover', 'no crash', 'outage answers', 'outage answer time', 'readiness'] as const;
export type ChaosCheck = (typeof chaosChecks)[number];

export interface ChaosEvidence {
  cluster: ChaosCluster;
  answers: readonly AnsweredRequest[];
  playbookRuns: readonly StartedPlaybookRun[];
  faults: FaultRecord;
  leaseMs: number;
  day: string;
}

/** The longest an answer may take while PostgreSQL or Redis is cut. */
export const outageAnswerBoundMs = 2500;

const overlaps = (start: number, end: number, windows: readonly Window[]) => windows.some((window) => start < window.to && end > window.from);
const round = (ms: number) => Math.round(ms);

export async function exactQuota(evidence: ChaosEvidence): Promise<CheckResult> {
  const failures: string[] = [];
  const parts: string[] = [];
  for (const account of evidence.cluster.accounts) {
    const used = await usedToday(evidence, account.key);
    const spent = await spentAccordingToStoredRuns(evidence.cluster.pool, account.id, evidence.day);
    const holds = await holdsLeft(evidence.cluster.pool, account.id);
    parts.push(`${account.id} used ${String(used)}/${account.limit} stored ${spent} holds ${holds}`);
    if (used !== spent) failures.push(`${account.id}: used ${String(used)} ≠ stored ${spent}`);
    if ((used ?? 0) > account.limit || spent > account.limit) failures.push(`${account.id}: over its limit ${account.limit}`);
    if (holds > 0) failures.push(`${account.id}: ${holds} holds left`);
  }
  return { check: 'exact quota', passed: failures.length === 0, numbers: [...failures, ...parts].join('; ') };
}

/** The account's `used` from /api/usage, asked of each API process in turn until one answers. */
async function usedToday(evidence: ChaosEvidence, key: string): Promise<number | undefined> {
  for (const slot of evidence.cluster.apis) {
    try {
      const response = await fetch(`${slot.current.url}/api/usage`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5000) });
      if (response.ok) return ((await response.json()) as { data?: { api?: { used?: number } } }).data?.api?.used;
    } catch {
      // This process is gone: ask the next one.
    }
  }
  return undefined;
}

interface StoredStep {
  run_id: string;
  run_status: string;
  step_index: number;
  status: string;
  optional: number;
  attempts: number;
  stored_runs: string;
}

async function storedSteps(evidence: ChaosEvidence): Promise<StoredStep[]> {
  const { rows } = await evidence.cluster.pool.query<StoredStep>(
    `SELECT s.run_id, p.status AS run_status, s.step_index, s.status, s.optional, s.attempts,
            (SELECT COUNT(*) FROM runs r WHERE r.request_id = COALESCE(p.request_id, p.id) AND r.agent = s.agent AND r.status = 'succeeded') AS stored_runs
       FROM playbook_steps s JOIN playbook_runs p ON p.id = s.run_id
      WHERE p.account_id = ANY($1)
      ORDER BY s.run_id, s.step_index`,
    [evidence.cluster.accounts.map((account) => account.id)],
  );
  return rows;
}

export async function playbookRunsFinish(evidence: ChaosEvidence): Promise<CheckResult> {
  const steps = await storedSteps(evidence);
  const runs = new Map(steps.map((step) => [step.run_id, step.run_status]));
  const missing = evidence.playbookRuns.filter((run) => !runs.has(run.runId)).length;
  const unfinished = [...runs.values()].filter((status) => !['done', 'failed', 'canceled'].includes(status)).length;
  // A done run has every step done (an optional one may have failed); no run keeps a step running.
  const lost = steps.filter((step) => (step.run_status === 'done' && step.status !== 'done' && !(step.optional && step.status === 'failed')) || (runs.get(step.run_id) !== 'running' && step.status === 'running')).length;
  const twice = steps.filter((step) => Number(step.stored_runs) > 1).length;
  const byStatus = countBy([...runs.values()]);
  return {
    check: 'playbook runs finish',
    passed: missing === 0 && unfinished === 0 && lost === 0 && twice === 0 && evidence.playbookRuns.length > 0,
    numbers: `${evidence.playbookRuns.length} started (${format(byStatus)}); unfinished ${unfinished}, missing ${missing}, steps lost ${lost}, steps stored twice ${twice}`,
  };
}

const stepMarkers: Record<number, string> = { 0: 'paid-advertising strategy for this product', 2: 'Write the final copy for each ad concept' };

export async function oneModelCallPerStep(evidence: ChaosEvidence): Promise<CheckResult> {
  const steps = await storedSteps(evidence);
  const bodies = evidence.cluster.simulator
    .requests()
    .filter((request) => !request.path.includes('moderation'))
    .map((request) => JSON.stringify(request.body));
  const tags = new Map(evidence.playbookRuns.map((run) => [run.runId, run.tag]));
  let counted = 0;
  let calls = 0;
  const beyondAttempts: string[] = [];
  for (const step of steps) {
    const marker = stepMarkers[step.step_index];
    const tag = tags.get(step.run_id);
    if (!marker || !tag) continue;
    const made = bodies.filter((body) => body.includes(marker) && body.includes(`order ${tag}`)).length;
    counted += 1;
    calls += made;
    // A claim that died with its process may have called the model; any other extra call is a duplicate.
    if (made > Math.max(1, step.attempts)) beyondAttempts.push(`${step.run_id}/${step.step_index}: ${made} calls, ${step.attempts} claims`);
  }
  const storedTwice = steps.filter((step) => Number(step.stored_runs) > 1);
  const doneWithoutRun = steps.filter((step) => step.status === 'done' && Number(step.stored_runs) === 0).length;
  return {
    check: 'one model call per step',
    passed: beyondAttempts.length === 0 && storedTwice.length === 0 && doneWithoutRun === 0 && counted > 0,
    numbers: `${counted} steps counted at the simulator, ${calls} calls, ${beyondAttempts.length} beyond their claims; run log: ${storedTwice.length} steps with 2+ successful runs, ${doneWithoutRun} done steps with none${storedTwice.length > 0 ? ` (${storedTwice.slice(0, 3).map((step) => `${step.run_id}/${step.step_index}: ${step.stored_runs}`).join(', ')})` : ''}${beyondAttempts.length > 0 ? ` (${beyondAttempts.slice(0, 3).join(', ')})` : ''}`,
  };
}

export function boundedTakeover(evidence: ChaosEvidence): CheckResult {
  const allowedMs = 1.5 * evidence.leaseMs;
  const times = evidence.faults.takeovers.map((takeover) => takeover.ms);
  const measured = times.filter((ms): ms is number => ms !== undefined);
  const never = times.length - measured.length;
  const late = measured.filter((ms) => ms > allowedMs).length;
  const max = measured.length > 0 ? Math.max(...measured) : 0;
  const workerKills = evidence.faults.applied.filter((fault) => fault.kind === 'worker-kill').length;
  return {
    check: 'bounded takeover',
    // A worker kill that caught no step running measures nothing; the check needs at least one.
    passed: never === 0 && late === 0 && (workerKills === 0 || times.length > 0),
    numbers: `${times.length} steps of ${workerKills} killed workers; max ${round(max)} ms (lease ${evidence.leaseMs}, nominal ${evidence.leaseMs + 100}, allowed ${round(allowedMs)}); late ${late}, never ${never}`,
  };
}

export function noCrash(evidence: ChaosEvidence): CheckResult {
  const exits = evidence.cluster.unexpectedExits;
  return {
    check: 'no crash',
    passed: exits.length === 0,
    numbers: exits.length === 0 ? `${evidence.cluster.apis.length + evidence.cluster.workers.length} processes, none exited unasked` : exits.map((exit) => (exit.pid === undefined ? `${exit.name} did not start again` : `${exit.name} exited ${String(exit.code ?? exit.signal)}`)).join('; '),
  };
}

/** Answers of processes that were neither killed nor paused meanwhile. */
function undisturbed(evidence: ChaosEvidence): AnsweredRequest[] {
  return evidence.answers.filter((answer) => answer.status !== undefined && !overlaps(answer.startedAt, answer.endedAt, evidence.faults.disturbed.get(answer.process) ?? []));
}

export function outageAnswers(evidence: ChaosEvidence): CheckResult {
  const answered = evidence.answers.filter((answer) => answer.status !== undefined);
  const duringCuts = answered.filter((answer) => overlaps(answer.startedAt, answer.endedAt, evidence.faults.cuts));
  const serverErrors = answered.filter((answer) => (answer.status ?? 0) >= 500 && answer.status !== 503);
  const notJson = answered.filter((answer) => !answer.json);
  const unexpected = duringCuts.filter((answer) => !((answer.status ?? 0) < 300 || answer.status === 429 || answer.status === 503));
  return {
    check: 'outage answers',
    passed: serverErrors.length === 0 && notJson.length === 0 && unexpected.length === 0,
    numbers: `${answered.length} answers (${format(countBy(answered.map((answer) => `${answer.kind} ${String(answer.status)}${answer.code ? ` ${answer.code}` : ''}`)))}); during cuts ${duringCuts.length}, not 2xx/429/503 ${unexpected.length}; 5xx other than 503: ${serverErrors.length}; not JSON ${notJson.length}; no answer ${evidence.answers.length - answered.length}`,
  };
}

export function outageAnswerTime(evidence: ChaosEvidence): CheckResult {
  const duringCuts = undisturbed(evidence).filter((answer) => overlaps(answer.startedAt, answer.endedAt, evidence.faults.cuts));
  const took = (answer: AnsweredRequest) => answer.endedAt - answer.startedAt;
  const slow = duringCuts.filter((answer) => took(answer) > outageAnswerBoundMs);
  const slowest = duringCuts.reduce<AnsweredRequest | undefined>((worst, answer) => (worst === undefined || took(answer) > took(worst) ? answer : worst), undefined);
  return {
    check: 'outage answer time',
    passed: slow.length === 0 && (evidence.faults.cuts.length === 0 || duringCuts.length > 0),
    numbers: `${duringCuts.length} answers during ${evidence.faults.cuts.length} cuts; max ${round(slowest ? took(slowest) : 0)} ms (bound ${outageAnswerBoundMs}); over the bound ${slow.length}${slow.length > 0 ? ` (${slow.map((answer) => `${answer.kind} ${String(answer.status)} ${answer.code ?? ''} ${round(took(answer))} ms`).join(', ')})` : ''}`,
  };
}

export function readiness(evidence: ChaosEvidence): CheckResult {
  const during = evidence.faults.readinessDuringCuts;
  const notUnavailable = during.filter((status) => status !== 503).length;
  const notBack = evidence.faults.readyAgainMs.filter((ms) => ms === undefined).length;
  const back = evidence.faults.readyAgainMs.filter((ms): ms is number => ms !== undefined);
  return {
    check: 'readiness',
    passed: notUnavailable === 0 && notBack === 0,
    numbers: `during cuts ${during.length} probes (${format(countBy(during.map(String)))}), not 503: ${notUnavailable}; after restore ready within max ${round(back.length > 0 ? Math.max(...back) : 0)} ms, never ${notBack}`,
  };
}

export async function runChecks(evidence: ChaosEvidence): Promise<CheckResult[]> {
  return [
    await exactQuota(evidence),
    await playbookRunsFinish(evidence),
    await oneModelCallPerStep(evidence),
    boundedTakeover(evidence),
    noCrash(evidence),
    outageAnswers(evidence),
    outageAnswerTime(evidence),
    readiness(evidence),
  ];
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function format(counts: Map<string, number>): string {
  return [...counts.entries()].map(([value, count]) => `${value}: ${count}`).join(', ');
}
