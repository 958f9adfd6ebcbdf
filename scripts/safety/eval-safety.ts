import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readYamlFolder } from '../../src/adapters/catalog/yaml-files.ts';
import { readSafetyModels } from '../../src/adapters/safety/safety-model-files.ts';
import { controlKeys } from '../../src/domain/agents/agent-runner.ts';
import { createSafetyPipeline } from '../../src/domain/safety/create-safety-pipeline.ts';
import { defaultSafetyPolicy } from '../../src/domain/safety/safety-policy.ts';
import type { BinaryEvaluation } from './evaluate-binary.ts';
import { evaluateContent } from './evaluate-content.ts';
import { evaluateJailbreak } from './evaluate-jailbreak.ts';
import { evaluatePii } from './evaluate-pii.ts';
import { percentile } from './metrics.ts';
import { businessPromptsUrl, defaultDataDirectory, option, readJsonl, readRows, trainedFingerprints, type ContentRow, type JailbreakRow, type PiiRow } from './safety-data.ts';

/**
 * `npm run eval:safety [-- --data <dir>]`: every local safety layer over labelled data it was not trained
 * on (rows whose fingerprint the model file lists are skipped), then the three input layers together on
 * an 8 KB request. Prints Markdown tables; docs/safety.md holds the last results.
 */
const dataDirectory = option('data') ?? defaultDataDirectory;
const catalog = new URL('../../catalog/', import.meta.url).pathname;
const models = readSafetyModels(catalog);
const agentsDirectory = join(catalog, 'agents');

/** The fingerprints of the rows a committed model file says it was trained on. */
function trained(file: string): Set<string> {
  return trainedFingerprints((JSON.parse(readFileSync(`${catalog}safety/${file}`, 'utf8')) as { training: Record<string, unknown> }).training);
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function layerRow(name: string, evaluation: BinaryEvaluation): string {
  const { metrics, latency } = evaluation;
  return row([name, evaluation.rows, fixed(metrics.precision), fixed(metrics.recall), fixed(metrics.f1), fixed(metrics.falsePositiveRate), fixed(evaluation.recallAtOnePercentFalsePositives), fixed(latency.p50Ms, 3), fixed(latency.p99Ms, 3)]);
}

function sourceRows(name: string, evaluation: BinaryEvaluation): string[] {
  return evaluation.bySource.map((source) => row([name, source.source, source.label ? 'harmful' : 'benign', source.rows, `${source.label ? 'recall' : 'FPR'} ${fixed(source.rate)}`]));
}

/**
 * 8 KB requests as one agent run would send them: a 1 KB prompt and 7 KB of notes that start with an email
 * and a card number (so the PII layer redacts and the content layer reads the redacted text). `typical`
 * notes are descriptions of business tasks (the catalog's agents); `trigger words` notes are our benign
 * business prompts, written to be full of words attacks use ("ignore", "override", "kill"), so that the
 * jailbreak layer's rules fire in every window: the slowest benign text we know of.
 */
function eightKilobyteRequests(): Record<string, Record<string, unknown>> {
  const prompts = readJsonl<{ text: string }>(businessPromptsUrl).map((row) => row.text);
  const descriptions = readYamlFolder(agentsDirectory).map((file) => (file.content as { description: string }).description);
  const request = (sentences: string[]) => {
    let notes = 'Customer contact: jane.doe@example.com; card on file 4111 1111 1111 1111.\n';
    for (let index = 0; notes.length < 7 * 1024; index += 1) notes += `${sentences[index % sentences.length]}\n`;
    return { prompt: prompts.slice(0, 6).join(' ').slice(0, 1024), input: { notes: notes.slice(0, 7 * 1024) } };
  };
  return { typical: request(descriptions), 'trigger words': request(prompts) };
}

async function combinedLatency(request: Record<string, unknown>, iterations: number) {
  const pipeline = createSafetyPipeline(models);
  const skip = new Set(controlKeys);
  for (let warm = 0; warm < 200; warm += 1) await pipeline.screenInput(request, defaultSafetyPolicy, skip);
  const total: number[] = [];
  const perLayer = new Map<string, number[]>();
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    const screening = await pipeline.screenInput(request, defaultSafetyPolicy, skip);
    total.push(performance.now() - started);
    for (const report of screening.reports) {
      const values = perLayer.get(report.layer) ?? [];
      values.push(report.ms);
      perLayer.set(report.layer, values);
    }
  }
  return { bytes: Buffer.byteLength(JSON.stringify(request)), total, perLayer };
}

// Timed first, on a fresh heap: what follows leaves garbage behind that a request in the service would not meet.
const iterations = Number(option('iterations') ?? 2000);
const latencies: [string, Awaited<ReturnType<typeof combinedLatency>>][] = [];
for (const [name, request] of Object.entries(eightKilobyteRequests())) latencies.push([name, await combinedLatency(request, iterations)]);
const jailbreakRows = readRows<JailbreakRow>(dataDirectory, 'jailbreak');
const contentRows = readRows<ContentRow>(dataDirectory, 'content');
const piiRows = readRows<PiiRow>(dataDirectory, 'pii');
// Each evaluation runs twice and the second is reported: the first warms the JIT, so latency is the steady state.
const twice = <Result>(evaluate: () => Result): Result => (evaluate(), evaluate());
const jailbreak = jailbreakRows.length > 0 ? twice(() => evaluateJailbreak(jailbreakRows, models.jailbreak, trained('jailbreak-model.json'))) : undefined;
const content = contentRows.length > 0 ? twice(() => evaluateContent(contentRows, models.content, trained('content-model.json'))) : undefined;

console.log(`Data: ${dataDirectory} (rows a model was trained on are skipped; latency is per row, rows of every length)\n`);
console.log(row(['layer', 'rows', 'precision', 'recall', 'F1', 'FPR', 'recall@1%FPR', 'p50 ms', 'p99 ms']));
console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
console.log(jailbreak ? layerRow('jailbreak', jailbreak) : row(['jailbreak', 'no data in jailbreak/']));
console.log(content ? layerRow('content', content) : row(['content', 'no data in content/']));

if (piiRows.length > 0) {
  const pii = twice(() => evaluatePii(piiRows));
  console.log(`\n${row(['PII type', 'gold', 'predicted', 'precision', 'recall', 'F1'])}`);
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
  for (const type of pii.types) console.log(row([type.type, type.gold, type.predicted, fixed(type.precision), fixed(type.recall), fixed(type.f1)]));
  console.log(`PII latency per row: p50 ${fixed(pii.latency.p50Ms, 4)} ms, p99 ${fixed(pii.latency.p99Ms, 4)} ms`);
} else {
  console.log('\nPII: no data in pii/');
}

console.log(`\n${row(['layer', 'source', 'label', 'rows', 'rate'])}`);
console.log(row(['---', '---', '---', '---:', '---:']));
for (const line of [...(jailbreak ? sourceRows('jailbreak', jailbreak) : []), ...(content ? sourceRows('content', content) : [])]) console.log(line);

console.log(`\nThe three input layers together on one 8 KB request (${iterations} runs each, one core; per layer: its own time):`);
console.log(row(['request', 'bytes', 'all three p50 ms', 'all three p99 ms', 'jailbreak p50 / p99', 'PII p50 / p99', 'content p50 / p99']));
console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:']));
for (const [name, latency] of latencies) {
  const layer = (key: string) => {
    const values = latency.perLayer.get(key) ?? [];
    return `${fixed(percentile(values, 0.5))} / ${fixed(percentile(values, 0.99))}`;
  };
  console.log(row([name, latency.bytes, fixed(percentile(latency.total, 0.5)), fixed(percentile(latency.total, 0.99)), layer('jailbreak'), layer('pii'), layer('content')]));
}
