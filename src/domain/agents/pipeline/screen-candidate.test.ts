import { describe, expect, it } from 'vitest';
import { fixtureAgent, fixtureModel, layerReport } from '../../../../test/support/run-stage-fixtures.ts';
import type { TextScreening } from '../../safety/safety-pipeline.ts';
import type { Agent } from '../agent.ts';
import { screenCandidate } from './screen-candidate.ts';

function safety(redact: (output: Record<string, unknown>) => Record<string, unknown>) {
  const assessed: { output: unknown; prompt: string; schemaValid: boolean }[] = [];
  return {
    assessed,
    screenOutput: async <Value>(output: Value) => ({ reports: [layerReport('pii', 'pass', 'output')], value: redact(output as Record<string, unknown>) }) as TextScreening<Value>,
    assessQuality: (subject: { output: unknown; prompt: string; schemaValid: boolean }) => (assessed.push(subject), { report: layerReport('quality', 'pass', 'output'), quality: { score: 1, failed: [] }, belowThreshold: false }),
  };
}

const task = { prompt: 'Summarise this.', fields: {}, userPrompt: undefined };

describe('screenCandidate', () => {
  it('scores the screened answer as valid when nothing was redacted', async () => {
    const screen = safety((output) => output);
    const candidate = await screenCandidate(screen, fixtureAgent(), task, fixtureModel('groq/fast'), { summary: 'Short.' });
    expect(candidate.model.id).toBe('groq/fast');
    expect(screen.assessed).toEqual([{ output: { summary: 'Short.' }, prompt: 'Summarise this.', schemaValid: true }]);
  });

  it('does not check again an answer the failover already checked and nothing redacted', async () => {
    const screen = safety((output) => output);
    const agent = { ...fixtureAgent(), outputValidator: { safeParse: () => ({ success: false }) } as unknown as Agent['outputValidator'] };
    await screenCandidate(screen, agent, task, fixtureModel('groq/fast'), { summary: 'Short.' });
    expect(screen.assessed[0]?.schemaValid).toBe(true);
  });

  it('checks a redacted copy against the schema again', async () => {
    const screen = safety(() => ({ summary: '' }));
    const candidate = await screenCandidate(screen, fixtureAgent(), task, fixtureModel('groq/fast'), { summary: 'alice@example.com' });
    expect(candidate.screening.value).toEqual({ summary: '' });
    expect(screen.assessed[0]?.schemaValid).toBe(false);
  });
});
