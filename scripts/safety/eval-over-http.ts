import { readSafetyModels } from '../../src/adapters/safety/safety-model-files.ts';
import { createSafetyPipeline } from '../../src/domain/safety/create-safety-pipeline.ts';
import { defaultSafetyPolicy } from '../../src/domain/safety/safety-policy.ts';
import { option, readRows } from './safety-data.ts';

/**
 * `node scripts/safety/eval-over-http.ts --url http://localhost:3000 --key <API key> --data <dir> [--kind jailbreak|content]
 * [--agent summarize] [--limit N] [--concurrency 8]`: sends every row of a labelled data folder (the layout of
 * ../shared/data/safety/: `<kind>/*.jsonl`) as the prompt of an agent run over HTTP, and screens the same text
 * in-process with the committed models. Prints, per source, how often each blocked it, and every row on which
 * they disagree: the service must give the verdict its layers give, whatever the transport.
 * Use a key on a plan whose daily limit covers the benign rows (blocked requests are not counted).
 */
interface Row {
  text: string;
  source: string;
  label?: number;
  flagged?: boolean;
}

const url = option('url') ?? 'http://localhost:3000';
const key = option('key');
const dataDirectory = option('data');
const kind = (option('kind') ?? 'jailbreak') as 'jailbreak' | 'content';
const agent = option('agent') ?? 'summarize';
const limit = Number(option('limit') ?? Number.POSITIVE_INFINITY);
const concurrency = Number(option('concurrency') ?? 8);
if (!key || !dataDirectory) throw new Error('Usage: --url <service> --key <API key> --data <data folder> [--kind jailbreak|content]');

const rows = readRows<Row>(dataDirectory, kind).slice(0, limit);
const pipeline = createSafetyPipeline(readSafetyModels(new URL('../../catalog/', import.meta.url).pathname));

/** Whether the service refused the run with this layer (422 `safety_blocked`), or a transport failure. */
async function blockedOverHttp(text: string): Promise<boolean | 'error'> {
  const response = await fetch(`${url}/api/agents/${agent}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: text }),
  });
  const body = (await response.json()) as { code?: string; layer?: string };
  if (response.status === 200) return false;
  if (response.status === 422 && body.code === 'safety_blocked') return body.layer === kind;
  return 'error';
}

async function blockedInProcess(text: string): Promise<boolean> {
  const screening = await pipeline.screenInput({ prompt: text }, defaultSafetyPolicy, new Set());
  return screening.blocked?.layer === kind;
}

const results: { row: Row; http: boolean | 'error'; local: boolean }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < rows.length) {
      const row = rows[next++] as Row;
      results.push({ row, http: await blockedOverHttp(row.text), local: await blockedInProcess(row.text) });
    }
  }),
);

const bySource = new Map<string, typeof results>();
for (const result of results) bySource.set(result.row.source, [...(bySource.get(result.row.source) ?? []), result]);
const harmful = (row: Row) => row.label === 1 || row.flagged === true;
console.log(`| source | label | rows | blocked over HTTP | blocked in-process | disagreements | errors |`);
console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: |`);
for (const [source, group] of [...bySource].sort(([a], [b]) => a.localeCompare(b))) {
  for (const label of [true, false]) {
    const part = group.filter((result) => harmful(result.row) === label);
    if (part.length === 0) continue;
    const rate = (count: number) => (count / part.length).toFixed(3);
    const http = part.filter((result) => result.http === true).length;
    const local = part.filter((result) => result.local).length;
    const errors = part.filter((result) => result.http === 'error').length;
    const disagreements = part.filter((result) => result.http !== 'error' && result.http !== result.local).length;
    console.log(`| ${source} | ${label ? 'harmful' : 'benign'} | ${part.length} | ${rate(http)} | ${rate(local)} | ${disagreements} | ${errors} |`);
  }
}
const disagreeing = results.filter((result) => result.http !== 'error' && result.http !== result.local);
for (const result of disagreeing.slice(0, 20)) console.log(`disagreement (http ${String(result.http)}, in-process ${String(result.local)}): ${result.row.text.slice(0, 120)}`);
