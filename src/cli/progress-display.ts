import type { CliIo } from './cli-io.ts';

export type StepState = 'waiting' | 'running' | 'done' | 'failed' | 'skipped';

export interface ProgressState {
  playbookId: string;
  runId: string;
  steps: { agent: string; state: StepState }[];
  /** Cost so far of the steps that answered, in US dollars. */
  costUsd: number;
  startedAt: number;
}

const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const stateMarks: Record<StepState, string> = { waiting: '·', running: '', done: '✔', failed: '✖', skipped: '-' };

/** The live display's lines for a state: one per step (a spinner on the running one), then elapsed time and cost. */
export function progressLines(state: ProgressState, now: number, frame: number): string[] {
  const spinner = spinnerFrames[frame % spinnerFrames.length] ?? '';
  const lines = state.steps.map((step, index) => `  ${step.state === 'running' ? spinner : stateMarks[step.state]} ${index + 1}. ${step.agent}${step.state === 'running' ? ' …' : ''}`);
  const done = state.steps.filter((step) => step.state === 'done').length;
  lines.push(`  ${done}/${state.steps.length} steps · ${formatElapsed(now - state.startedAt)} · $${state.costUsd.toFixed(4)}`);
  return lines;
}

export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Shows a playbook run's progress: on a terminal, the step list redrawn in place every 100 ms (spinner,
 * elapsed time, cost); otherwise one plain line per change, for logs and pipes.
 */
export class ProgressDisplay {
  readonly #io: CliIo;
  readonly #now: () => number;
  readonly #state: ProgressState;
  #drawn = 0;
  #frame = 0;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(io: CliIo, state: ProgressState, now: () => number = Date.now) {
    this.#io = io;
    this.#state = state;
    this.#now = now;
    if (io.outIsTerminal) {
      this.#draw();
      this.#timer = setInterval(() => {
        this.#frame += 1;
        this.#draw();
      }, 100);
    } else {
      io.out(`${state.runId}: ${state.playbookId} started, ${state.steps.length} steps`);
    }
  }

  /** A step changed state (and the cost so far with it). */
  step(index: number, stepState: StepState, costUsd: number): void {
    const step = this.#state.steps[index];
    if (!step || step.state === stepState) return;
    step.state = stepState;
    this.#state.costUsd = costUsd;
    if (this.#io.outIsTerminal) this.#draw();
    else this.#io.out(`step ${index + 1}/${this.#state.steps.length} ${step.agent}: ${stepState} (${formatElapsed(this.#now() - this.#state.startedAt)}, $${costUsd.toFixed(4)})`);
  }

  /** The run ended: the last drawing stays, followed by how it ended. */
  finish(status: string): void {
    clearInterval(this.#timer);
    if (this.#io.outIsTerminal) this.#draw();
    this.#io.out(`${this.#state.runId}: ${status} after ${formatElapsed(this.#now() - this.#state.startedAt)}, $${this.#state.costUsd.toFixed(4)}`);
  }

  #draw(): void {
    const lines = progressLines(this.#state, this.#now(), this.#frame);
    // Back to the top of the previous drawing, then each line cleared and written again.
    const up = this.#drawn > 0 ? `\u001b[${this.#drawn}F` : '';
    this.#io.write(`${up}${lines.map((line) => `\u001b[2K${line}`).join('\n')}\n`);
    this.#drawn = lines.length;
  }
}
