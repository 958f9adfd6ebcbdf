import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.ts';
import { ProgressDisplay, formatElapsed, progressLines } from './progress-display.ts';

const state = () => ({ playbookId: 'lead-blitz', runId: 'run_1', steps: [{ agent: 'leads', state: 'done' as const }, { agent: 'email-sequence', state: 'running' as const }], costUsd: 0.0123, startedAt: 0 });

describe('the playbook progress display', () => {
  it('draws one line per step, a spinner on the running one, then steps done, elapsed time and cost', () => {
    expect(progressLines(state(), 75_000, 0)).toEqual(['  ✔ 1. leads', '  ⠋ 2. email-sequence …', '  1/2 steps · 1:15 · $0.0123']);
    expect(progressLines(state(), 75_000, 1)[1]).toBe('  ⠙ 2. email-sequence …');
    expect(formatElapsed(3_725_000)).toBe('62:05');
  });

  it('writes plain lines, without escape codes, when the output is not a terminal', () => {
    const written: string[] = [];
    const io: CliIo = { out: (text) => written.push(text), write: (text) => written.push(text), error: () => undefined, outIsTerminal: false };
    let now = 0;
    const display = new ProgressDisplay(io, { ...state(), steps: [{ agent: 'leads', state: 'waiting' }] }, () => now);
    now = 2_000;
    display.step(0, 'running', 0);
    display.step(0, 'running', 0);
    now = 5_000;
    display.step(0, 'done', 0.5);
    display.finish('done');
    expect(written).toEqual(['run_1: lead-blitz started, 1 steps', 'step 1/1 leads: running (0:02, $0.0000)', 'step 1/1 leads: done (0:05, $0.5000)', 'run_1: done after 0:05, $0.5000']);
  });

  it('redraws in place on a terminal', () => {
    const written: string[] = [];
    const io: CliIo = { out: (text) => written.push(`${text}\n`), write: (text) => written.push(text), error: () => undefined, outIsTerminal: true };
    const display = new ProgressDisplay(io, state(), () => 0);
    display.step(1, 'done', 0.02);
    display.finish('done');
    expect(written[1]).toMatch(/^\u001b\[3F\u001b\[2K {2}✔ 1\. leads\n/);
    expect(written.at(-1)).toBe('run_1: done after 0:00, $0.0200\n');
  });
});
