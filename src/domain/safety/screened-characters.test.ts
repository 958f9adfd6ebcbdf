import { describe, expect, it } from 'vitest';
import { committedSafetyModels } from '../../../test/support/safety-fixtures.ts';
import { createSafetyPipeline } from './create-safety-pipeline.ts';
import { defaultSafetyPolicy } from './safety-policy.ts';
import { defaultMaxScreenedCharacters, refuseOverScreeningLimit, truncatedToScreeningLimit } from './screened-characters.ts';

const pipeline = createSafetyPipeline(committedSafetyModels(), {}, { maxScreenedCharacters: 1_000 });

describe('the screening limit', () => {
  it('is 256 Ki characters unless configured', () => {
    expect(defaultMaxScreenedCharacters).toBe(262_144);
  });

  it('refuses strings longer than it together with 413 payload_too_large, and lets those at it through', () => {
    const strings = [{ path: 'prompt', text: 'a'.repeat(600) }, { path: 'text', text: 'b'.repeat(400) }];
    expect(() => refuseOverScreeningLimit(strings, 1_000)).not.toThrow();
    expect(() => refuseOverScreeningLimit([...strings, { path: 'tone', text: 'c' }], 1_000)).toThrow(expect.objectContaining({ code: 'payload_too_large', details: { limitCharacters: 1_000 } }));
  });

  it('cuts fetched texts so that together they hold at most the limit, in order', () => {
    expect(truncatedToScreeningLimit(['a'.repeat(600), 'b'.repeat(600), 'c'], 1_000)).toEqual(['a'.repeat(600), 'b'.repeat(400), '']);
    expect(truncatedToScreeningLimit(['short', 'texts'], 1_000)).toEqual(['short', 'texts']);
  });

  it('is checked by the pipeline before the input layers run, on the strings they would read', async () => {
    const body = { prompt: 'a'.repeat(900), text: 'b'.repeat(101), model: 'x'.repeat(5_000) };
    expect(() => pipeline.checkInputSize(body, new Set(['model']))).toThrow(expect.objectContaining({ code: 'payload_too_large' }));
    await expect(pipeline.screenInput(body, defaultSafetyPolicy, new Set(['model']))).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(() => pipeline.checkInputSize({ ...body, text: 'b'.repeat(100) }, new Set(['model']))).not.toThrow();
  });

  it('cuts what tools fetched to it before screening, so the model never sees unscreened text', async () => {
    const screening = await pipeline.screenToolText([{ source: 'page-reader', text: 'Plain words about pricing. '.repeat(100) }], defaultSafetyPolicy);
    expect(screening.texts[0]).toHaveLength(1_000);
  });
});
