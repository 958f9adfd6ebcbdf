import { describe, expect, it } from 'vitest';
import { countingMeter, setupRunner, summary } from '../../../test/support/agent-runner-setup.ts';
import { testSafetyPipeline } from '../../../test/support/safety-fixtures.ts';
import { signal } from '../../../test/support/signal.ts';

const command = (meter: ReturnType<typeof countingMeter>['meter']) => ({ surface: 'api' as const, accountId: 'u1', agentId: 'summarize', body: { prompt: 'Summarise: the launch moved to May.' }, requestId: 'r', meter });

/** A run held at its start until `go()`: the recordability check is the first thing it awaits; `held` resolves once it waits there. */
function heldRunner() {
  const arrived = signal();
  const released = signal();
  const recordability = {
    recordable: async () => {
      arrived.fire();
      return released.fired.then(() => true);
    },
  };
  return { ...setupRunner(['openai'], summary, undefined, undefined, () => testSafetyPipeline(), { recordability }), go: released.fire, held: arrived.fired };
}

describe('AgentRunner: a stopping process waits for runs in progress', () => {
  it('resolves whenIdle only once the run in progress is recorded', async () => {
    const { runner, runs, go, held } = heldRunner();
    const { meter } = countingMeter();
    const running = runner.run(command(meter));
    let idle: boolean | undefined;
    const waiting = runner.whenIdle(5000).then((value) => (idle = value));
    await held;
    // One turn of the event loop: whatever whenIdle would do with a run in progress, it has had the chance to.
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBeUndefined();
    go();
    await running;
    await waiting;
    expect(idle).toBe(true);
    expect(await runs.listByAccount('u1', { limit: 10 })).toHaveLength(1);
  });

  it('gives up after its time limit, saying so, and is idle at once with nothing running', async () => {
    const { runner } = heldRunner();
    expect(await runner.whenIdle(10)).toBe(true);
    const { meter } = countingMeter();
    void runner.run(command(meter)).catch(() => undefined);
    expect(await runner.whenIdle(30)).toBe(false);
  });
});
