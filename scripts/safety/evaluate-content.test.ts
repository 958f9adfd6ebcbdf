import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { businessPromptRows, evaluateContent, formatContentEvaluation, loadContentModel } from './evaluate-content.ts';
import { defaultContentTrainingOptions } from './train-content-model.ts';
import { contentProbeUrl, defaultDataDirectory, fingerprint, readJsonl, readRows, type ContentRow } from './safety-data.ts';

/** The targets: at least 80% of harmful or toxic text caught, at most 5% of benign text. */
const minimumRecall = 0.8;
const maximumFalsePositiveRate = 0.05;

const { model, trainedFingerprints, recordedValidation: recorded, recordedRequestValidation, leaveOneSourceOut } = loadContentModel();
const hasData = existsSync(join(defaultDataDirectory, 'content'));
const row = (text: string, flagged: boolean, source = 'test'): ContentRow => ({ text, flagged, categories: [], source });

describe('evaluateContent', () => {
  it('leaves out rows the model was trained on and measures the rest at the layer decision', () => {
    const rows = [row('I will kill you if you show up again.', true), row('Please send the quarterly report.', false), row('Kill the stuck process.', false)];
    const evaluation = evaluateContent(rows, model, new Set([fingerprint('Kill the stuck process.')]));
    expect(evaluation.rows).toBe(2);
    expect(evaluation.metrics).toMatchObject({ truePositives: 1, falsePositives: 0, trueNegatives: 1, falseNegatives: 0 });
    expect(evaluation.bySource).toEqual([
      { source: 'test', rows: 1, label: true, rate: 1 },
      { source: 'test', rows: 1, label: false, rate: 0 },
    ]);
  });

  it('prints a table without the texts', () => {
    const table = formatContentEvaluation('sample', evaluateContent([row('Shoot me an email about the renewal.', false, 'business')], model));
    expect(table).toContain('business');
    expect(table).not.toContain('renewal');
  });
});

describe('the committed content model', () => {
  it('was trained on no row of the content probe', () => {
    const probe = readJsonl<{ text: string }>(contentProbeUrl);
    expect(probe.length).toBeGreaterThan(250);
    expect(probe.filter((row) => trainedFingerprints.has(fingerprint(row.text)))).toEqual([]);
  });

  it('records validation results that meet the targets', () => {
    expect(recorded.recall).toBeGreaterThanOrEqual(minimumRecall);
    expect(recorded.falsePositiveRate).toBeLessThanOrEqual(maximumFalsePositiveRate);
  });

  it.skipIf(!hasData)('meets the targets on the held-out development rows, exactly as recorded when it was trained', () => {
    const rows = readRows<ContentRow>(defaultDataDirectory, 'content');
    const evaluation = evaluateContent(rows, model, trainedFingerprints);
    expect(evaluation.rows).toBeGreaterThan(500);
    expect(evaluation.metrics.recall).toBeGreaterThanOrEqual(minimumRecall);
    expect(evaluation.metrics.falsePositiveRate).toBeLessThanOrEqual(maximumFalsePositiveRate);
    // The same counts as at training time: the features the model reads have not changed since.
    const { truePositives, falsePositives, trueNegatives, falseNegatives } = evaluation.metrics;
    expect({ truePositives, falsePositives, trueNegatives, falseNegatives }).toEqual({
      truePositives: recorded.truePositives,
      falsePositives: recorded.falsePositives,
      trueNegatives: recorded.trueNegatives,
      falseNegatives: recorded.falseNegatives,
    });
  });

  it('records requests validated in-sample at few false positives, and every source scored out of source', () => {
    expect(recordedRequestValidation.falsePositiveRate).toBeLessThanOrEqual(maximumFalsePositiveRate);
    expect(recordedRequestValidation.recall).toBeGreaterThan(0);
    const sources = new Set(leaveOneSourceOut.map((rate) => rate.source));
    for (const source of ['advbench', 'catqa', 'do-not-answer', 'gptfuzz-questions', 'coconot-eval', 'coconot-contrast-pref', 'authored-identity-template', 'spikee-investment-fp', 'davidson']) expect(sources).toContain(source);
  });

  it('keeps the look-alikes of harmful requests, pooled, within 5% out of source', () => {
    const lookAlikes = leaveOneSourceOut.filter((rate) => !rate.label && (rate.source.startsWith('coconot-contrast') || rate.source === 'authored-lookalike'));
    expect(lookAlikes.length).toBe(3);
    const rows = lookAlikes.reduce((sum, rate) => sum + rate.rows, 0);
    const blocked = lookAlikes.reduce((sum, rate) => sum + rate.rate * rate.rows, 0);
    expect(blocked / rows).toBeLessThanOrEqual(maximumFalsePositiveRate);
  });

  it('trains the request head more gently than the other heads', () => {
    expect(defaultContentTrainingOptions.requestLearningRate).toBeLessThan(defaultContentTrainingOptions.learningRate);
  });

  it('keeps neutral identity mentions out of source within their target of 2%', () => {
    const identity = leaveOneSourceOut.filter((rate) => rate.source.startsWith('authored-identity'));
    expect(identity.length).toBe(3);
    for (const rate of identity) expect(rate.rate).toBeLessThanOrEqual(0.02);
  });

  it('practically never flags the business prompts', () => {
    const evaluation = evaluateContent(businessPromptRows(), model, trainedFingerprints);
    expect(evaluation.rows).toBeGreaterThan(100);
    expect(evaluation.metrics.falsePositiveRate).toBeLessThanOrEqual(0.01);
  });
});
