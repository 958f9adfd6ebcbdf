import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sumOf } from '../../../test/support/prometheus-text.ts';
import { InMemoryCircuitBreaker } from '../routing-state/in-memory-circuit-breaker.ts';
import { PrometheusTelemetry } from './prometheus-telemetry.ts';

function telemetryWith(options: { processMetrics?: boolean } = {}) {
  const clock = { now: 0 };
  const breaker = new InMemoryCircuitBreaker({ failureThreshold: 2, cooldownMs: 1000, now: () => clock.now });
  const telemetry = new PrometheusTelemetry({ breaker, modelIds: ['openai/small', 'groq/fast'], processMetrics: options.processMetrics ?? false });
  return { telemetry, breaker, clock };
}

async function scrape(telemetry: PrometheusTelemetry) {
  const text = await telemetry.metrics();
  return { text, samples: parsePrometheusText(text) };
}

describe('PrometheusTelemetry', () => {
  it('counts HTTP requests by method, route and status, and observes their latency by method and route', async () => {
    const { telemetry } = telemetryWith();
    telemetry.httpRequest({ method: 'POST', route: '/api/agents/:agent', status: 200, seconds: 0.3 });
    telemetry.httpRequest({ method: 'POST', route: '/api/agents/:agent', status: 200, seconds: 1.7 });
    telemetry.httpRequest({ method: 'POST', route: '/api/agents/:agent', status: 422, seconds: 0.02 });
    telemetry.httpRequest({ method: 'GET', route: 'unmatched', status: 404, seconds: 0.001 });
    const { samples } = await scrape(telemetry);
    expect(sumOf(samples, 'agentapi_http_requests_total', { method: 'POST', route: '/api/agents/:agent', status: '200' })).toBe(2);
    expect(sumOf(samples, 'agentapi_http_requests_total', { route: '/api/agents/:agent', status: '422' })).toBe(1);
    expect(sumOf(samples, 'agentapi_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sumOf(samples, 'agentapi_http_request_duration_seconds_count', { method: 'POST', route: '/api/agents/:agent' })).toBe(3);
    expect(sumOf(samples, 'agentapi_http_request_duration_seconds_sum', { method: 'POST', route: '/api/agents/:agent' })).toBeCloseTo(2.02);
    expect(sumOf(samples, 'agentapi_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/agents/:agent', le: '0.5' })).toBe(2);
    expect(sumOf(samples, 'agentapi_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/agents/:agent', le: '+Inf' })).toBe(3);
  });

  it('counts agent runs by surface, agent, model, provider and outcome, with "none" for a run that reached no model', async () => {
    const { telemetry } = telemetryWith();
    telemetry.agentRun({ surface: 'api', agent: 'summarize', model: 'groq/fast', provider: 'groq', outcome: 'succeeded' });
    telemetry.agentRun({ surface: 'api', agent: 'summarize', model: 'groq/fast', provider: 'groq', outcome: 'succeeded' });
    telemetry.agentRun({ surface: 'free', agent: 'summarize', model: null, provider: null, outcome: 'blocked' });
    const { samples } = await scrape(telemetry);
    expect(samples.filter((sample) => sample.name === 'agentapi_agent_runs_total')).toEqual([
      { name: 'agentapi_agent_runs_total', labels: { surface: 'api', agent: 'summarize', model: 'groq/fast', provider: 'groq', outcome: 'succeeded' }, value: 2 },
      { name: 'agentapi_agent_runs_total', labels: { surface: 'free', agent: 'summarize', model: 'none', provider: 'none', outcome: 'blocked' }, value: 1 },
    ]);
  });

  it('observes model calls in buckets fit for model latency, and counts safety verdicts and quota refusals', async () => {
    const { telemetry } = telemetryWith();
    telemetry.upstreamAttempt({ provider: 'openai', model: 'openai/small', outcome: 'error', seconds: 0.04 });
    telemetry.upstreamAttempt({ provider: 'groq', model: 'groq/fast', outcome: 'ok', seconds: 45 });
    telemetry.safetyVerdict({ layer: 'jailbreak', stage: 'input', verdict: 'block' });
    telemetry.safetyVerdict({ layer: 'pii', stage: 'input', verdict: 'redact' });
    telemetry.safetyVerdict({ layer: 'pii', stage: 'input', verdict: 'redact' });
    telemetry.quotaRefused({ surface: 'v1', code: 'quota_exceeded' });
    telemetry.quotaRefused({ surface: 'free', code: 'free_limit_exceeded' });
    const { samples } = await scrape(telemetry);
    const buckets = samples.filter((sample) => sample.name === 'agentapi_upstream_request_duration_seconds_bucket' && sample.labels.model === 'groq/fast').map((sample) => sample.labels.le);
    expect(buckets).toEqual(['0.05', '0.1', '0.25', '0.5', '1', '2', '5', '10', '20', '30', '60', '120', '+Inf']);
    expect(sumOf(samples, 'agentapi_upstream_request_duration_seconds_bucket', { model: 'groq/fast', outcome: 'ok', le: '30' })).toBe(0);
    expect(sumOf(samples, 'agentapi_upstream_request_duration_seconds_bucket', { model: 'groq/fast', outcome: 'ok', le: '60' })).toBe(1);
    expect(sumOf(samples, 'agentapi_upstream_request_duration_seconds_bucket', { provider: 'openai', outcome: 'error', le: '0.05' })).toBe(1);
    expect(sumOf(samples, 'agentapi_upstream_request_duration_seconds_count')).toBe(2);
    expect(sumOf(samples, 'agentapi_safety_verdicts_total', { layer: 'jailbreak', stage: 'input', verdict: 'block' })).toBe(1);
    expect(sumOf(samples, 'agentapi_safety_verdicts_total', { layer: 'pii', verdict: 'redact' })).toBe(2);
    expect(sumOf(samples, 'agentapi_quota_refusals_total', { surface: 'v1', code: 'quota_exceeded' })).toBe(1);
    expect(sumOf(samples, 'agentapi_quota_refusals_total', { surface: 'free', code: 'free_limit_exceeded' })).toBe(1);
  });

  it("reads each model's circuit at scrape time: 0 closed, 1 half-open, 2 open", async () => {
    const { telemetry, breaker, clock } = telemetryWith();
    const state = async (model: string) => sumOf((await scrape(telemetry)).samples, 'agentapi_circuit_breaker_state', { model });
    expect(await state('openai/small')).toBe(0);
    breaker.recordFailure('openai/small');
    breaker.recordFailure('openai/small');
    expect(await state('openai/small')).toBe(2);
    expect(await state('groq/fast')).toBe(0);
    clock.now = 1000;
    expect(await state('openai/small')).toBe(1);
    breaker.recordSuccess('openai/small');
    expect(await state('openai/small')).toBe(0);
  });

  it('keeps its own registry, with process metrics under the same prefix', async () => {
    const first = telemetryWith({ processMetrics: true }).telemetry;
    const second = telemetryWith({ processMetrics: true }).telemetry;
    first.quotaRefused({ surface: 'api', code: 'quota_exceeded' });
    const { text, samples } = await scrape(second);
    expect(sumOf(samples, 'agentapi_quota_refusals_total')).toBe(0);
    expect(text).toContain('# TYPE agentapi_process_cpu_user_seconds_total counter');
    expect(text).toContain('agentapi_nodejs_heap_size_used_bytes');
    expect(first.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});
