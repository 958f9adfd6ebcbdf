import type { RunTrace, TracedAttempt, TracedLayer } from '../../../ports/run-repository.ts';

/**
 * How a run's trace is stored: positional arrays instead of objects with named keys, and nothing written
 * for what is empty, which takes a typical agent run's trace from about 940 to about 450 characters (the run
 * log keeps one per run). Rows written before (a JSON object with `safety`) are read as they are.
 *
 *     {"v":2,
 *      "s":[[layer,stage,verdict,score,ms,categories?,findings?,reviewer?]…],
 *      "a":[[model,provider,outcome,ms,status?,error?,repair?]…],
 *      "r":[category,policy,reason]|null}
 */
interface StoredTrace {
  v: 2;
  s: StoredLayer[];
  a: StoredAttempt[];
  r: [string, string, string] | null;
}

type StoredLayer = [string, string, string, number, number, string[]?, (Record<string, number> | null)?, string?];
type StoredAttempt = [string, string, 'ok' | 'error', number, (number | null)?, (string | null)?, 1?];

export function encodeTrace(trace: RunTrace): string {
  const stored: StoredTrace = {
    v: 2,
    s: trace.safety.map(encodeLayer),
    a: trace.attempts.map(encodeAttempt),
    r: trace.routing ? [trace.routing.category, trace.routing.policy, trace.routing.reason] : null,
  };
  return JSON.stringify(stored);
}

export function decodeTrace(text: string): RunTrace {
  const parsed = JSON.parse(text) as StoredTrace | RunTrace;
  if (!('v' in parsed)) return parsed;
  return {
    safety: parsed.s.map(decodeLayer),
    attempts: parsed.a.map(decodeAttempt),
    routing: parsed.r ? { category: parsed.r[0], policy: parsed.r[1], reason: parsed.r[2] } : null,
  };
}

function encodeLayer(layer: TracedLayer): StoredLayer {
  const stored: StoredLayer = [layer.layer, layer.stage, layer.verdict, layer.score, layer.ms];
  if (layer.reviewer !== undefined) stored.push(layer.categories, layer.findings ?? null, layer.reviewer);
  else if (layer.findings !== undefined) stored.push(layer.categories, layer.findings);
  else if (layer.categories.length > 0) stored.push(layer.categories);
  return stored;
}

function decodeLayer([layer, stage, verdict, score, ms, categories, findings, reviewer]: StoredLayer): TracedLayer {
  return {
    layer,
    stage,
    verdict,
    score,
    categories: categories ?? [],
    ...(findings != null ? { findings } : {}),
    ...(reviewer !== undefined ? { reviewer } : {}),
    ms,
  };
}

function encodeAttempt(attempt: TracedAttempt): StoredAttempt {
  const stored: StoredAttempt = [attempt.model, attempt.provider, attempt.outcome, attempt.ms];
  if (attempt.repair) stored.push(attempt.status ?? null, attempt.error ?? null, 1);
  else if (attempt.error !== undefined) stored.push(attempt.status ?? null, attempt.error);
  else if (attempt.status !== undefined) stored.push(attempt.status);
  return stored;
}

function decodeAttempt([model, provider, outcome, ms, status, error, repair]: StoredAttempt): TracedAttempt {
  return {
    model,
    provider,
    outcome,
    ...(status != null ? { status } : {}),
    ...(error != null ? { error } : {}),
    ...(repair ? { repair: true } : {}),
    ms,
  };
}
