import { describe, expect, it } from 'vitest';
import { benignKindOf, trainingWeightOf } from './content-source-groups.ts';
import { chooseThresholds, leaveOneSourceOutScores, ratesBySource, type OutOfSourceScore } from './content-leave-one-source-out.ts';

const row = (source: string, label: boolean, flagged: number, request = 0): OutOfSourceScore => ({ source, label, flagged, request, ruleHit: false });

describe('leaveOneSourceOutScores', () => {
  it('scores each held-out group with a model trained without it, and never holds out added rows', () => {
    const sources = ['advbench', 'catqa', 'coconot-contrast-pref', 'coconot-contrast-eval', 'business-idioms'];
    const heldOut = [true, true, true, true, false];
    const trainedWithout: string[][] = [];
    const scores = leaveOneSourceOutScores(sources, heldOut, (include) => {
      const trainedOn = sources.filter((_source, index) => include(index));
      trainedWithout.push(sources.filter((source) => !trainedOn.includes(source)));
      return (index) => `${sources[index] as string} scored without ${trainedWithout.at(-1)?.join('+') ?? ''}`;
    });
    // Both CoCoNot contrast files are one group: neither is trained on while the other is scored.
    expect(trainedWithout).toEqual([['advbench'], ['catqa'], ['coconot-contrast-pref', 'coconot-contrast-eval']]);
    expect(scores[2]).toBe('coconot-contrast-pref scored without coconot-contrast-pref+coconot-contrast-eval');
    expect(scores[4]).toBeUndefined();
  });
});

describe('chooseThresholds', () => {
  it('takes the pair that catches the most harmful rows while every kind of benign text stays within its target', () => {
    const scored = [
      row('advbench', true, 0.1, 0.9),
      row('advbench', true, 0.1, 0.7),
      row('davidson', true, 0.8),
      ...Array.from({ length: 9 }, () => row('coconot-contrast-pref', false, 0.1, 0.2)),
      row('coconot-contrast-pref', false, 0.1, 0.8),
      ...Array.from({ length: 20 }, () => row('davidson', false, 0.3)),
      row('authored-identity-template', false, 0.1, 0.1),
    ];
    const thresholds = chooseThresholds(scored, { lookalike: 0.05, request: 0.05, identity: 0.02, post: 0.05 });
    expect(thresholds.request).toBeGreaterThan(0.8);
    expect(thresholds.request).toBeLessThanOrEqual(0.9);
    expect(thresholds.flagged).toBeGreaterThan(0.3);
    expect(thresholds.flagged).toBeLessThanOrEqual(0.8);
    expect(ratesBySource(scored, (scoredRow) => scoredRow.flagged >= thresholds.flagged || scoredRow.request >= thresholds.request)).toEqual([
      { source: 'advbench', label: true, rows: 2, rate: 0.5 },
      { source: 'davidson', label: true, rows: 1, rate: 1 },
      { source: 'authored-identity-template', label: false, rows: 1, rate: 0 },
      { source: 'coconot-contrast-pref', label: false, rows: 10, rate: 0 },
      { source: 'davidson', label: false, rows: 20, rate: 0 },
    ]);
  });

  it('holds the look-alikes of harmful requests to their own target, however rarely other requests are blocked', () => {
    const scored = [
      row('advbench', true, 0.1, 0.9),
      row('advbench', true, 0.1, 0.7),
      ...Array.from({ length: 9 }, () => row('coconot-contrast-eval', false, 0.1, 0.2)),
      row('coconot-contrast-eval', false, 0.1, 0.8),
      // Everyday questions, never blocked: pooled with them, one look-alike in ten would be within 5%.
      ...Array.from({ length: 40 }, () => row('spikee-investment-fp', false, 0.1, 0.1)),
    ];
    const thresholds = chooseThresholds(scored, { lookalike: 0.05, request: 0.05, identity: 0.02, post: 0.05 });
    expect(thresholds.request).toBeGreaterThan(0.8);
    expect(benignKindOf('coconot-contrast-pref')).toBe('lookalike');
    expect(benignKindOf('authored-lookalike')).toBe('lookalike');
    expect(benignKindOf('spikee-investment-fp')).toBe('request');
  });
});

describe('trainingWeightOf', () => {
  it('weighs the authored requests above the public sources, and templated identity mentions below', () => {
    expect(trainingWeightOf('authored-harm-requests:fraud')).toBeGreaterThan(trainingWeightOf('advbench'));
    expect(trainingWeightOf('authored-lookalike-requests:tech')).toBe(trainingWeightOf('authored-harm-requests:fraud'));
    expect(trainingWeightOf('authored-identity-template')).toBeLessThan(trainingWeightOf('coconot-contrast-pref'));
  });
});
