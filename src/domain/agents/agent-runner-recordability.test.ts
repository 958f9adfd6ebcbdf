import { describe, expect, it } from 'vitest';
import { countingMeter, failure, setupRunner, summary } from '../../../test/support/agent-runner-setup.ts';
import { testSafetyPipeline } from '../../../test/support/safety-fixtures.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';

const command = (meter: ReturnType<typeof countingMeter>['meter']) => ({ surface: 'api' as const, accountId: 'u1', agentId: 'summarize', body: { prompt: 'Summarise: the launch moved to May.' }, requestId: 'r', meter });

function setup(recordable: boolean) {
  let asked = 0;
  const recordability = {
    recordable: async () => {
      asked += 1;
      return recordable;
    },
  };
  const meter = countingMeter();
  const runner = setupRunner(['openai'], summary, undefined, undefined, () => testSafetyPipeline(), { recordability });
  return { ...runner, meter, asked: () => asked };
}

describe('AgentRunner: no model call for a run that could not be recorded', () => {
  it('refuses with 503 overloaded before any model call while the database is known down, and gives the unit back', async () => {
    const { runner, calls, runs, meter, asked } = setup(false);
    const error = await failure(runner.run(command(meter.meter)));
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error).toMatchObject({ code: 'overloaded', retryAfterSeconds: 5 });
    expect(calls).toHaveLength(0);
    expect(asked()).toBe(1);
    expect(meter.state).toEqual({ reserved: 1, released: 1 });
    expect(await runs.listByAccount('u1', { limit: 10 })).toEqual([]);
  });

  it('runs as usual when the run can be recorded', async () => {
    const { runner, calls, meter, asked } = setup(true);
    const success = await runner.run(command(meter.meter));
    expect(success.data).toMatchObject({ summary: 'Short.' });
    expect(calls).toHaveLength(1);
    expect(asked()).toBe(1);
    expect(meter.state).toEqual({ reserved: 1, released: 0 });
  });
});
