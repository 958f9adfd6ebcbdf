import { setTimeout as pause } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { fakeCluster } from '../../../test/support/fake-cluster.ts';
import { PrometheusTelemetry } from '../metrics/prometheus-telemetry.ts';
import { clusterCircuitBreaker } from './cluster-circuit-breaker.ts';
import { ClusterMetrics } from './cluster-metrics.ts';
import { ClusterRunEventBus } from './cluster-run-event-bus.ts';

const settled = () => pause(5);

describe('what server workers share through their primary', () => {
  it('a run signal reaches listeners on every worker, once each, and none after close', async () => {
    const buses = fakeCluster(3).map((channel) => new ClusterRunEventBus(channel));
    const heard = [0, 0, 0];
    buses.forEach((bus, index) => bus.subscribe('run-1', () => (heard[index] = (heard[index] ?? 0) + 1)));
    buses[1]?.subscribe('run-2', () => expect.unreachable());
    await buses[0]?.publish('run-1');
    // The publisher's own listeners hear at once; the others a moment later.
    expect(heard).toEqual([1, 0, 0]);
    await settled();
    expect(heard).toEqual([1, 1, 1]);
    await buses[2]?.close();
    await buses[1]?.publish('run-1');
    await settled();
    expect(heard).toEqual([2, 2, 1]);
  });

  it('a circuit one worker opens is open on the others, and closes everywhere after a good probe', async () => {
    let now = 1000;
    const breakers = fakeCluster(2).map((channel) => clusterCircuitBreaker(channel, { failureThreshold: 2, cooldownMs: 100, now: () => now }));
    const [first, second] = breakers;
    first?.recordFailure('m');
    await settled();
    // A failure alone is not shared.
    expect(breakers.map((breaker) => breaker.state('m'))).toEqual(['closed', 'closed']);
    second?.recordFailure('m');
    second?.recordFailure('m');
    expect(breakers.map((breaker) => breaker.state('m'))).toEqual(['closed', 'open']);
    await settled();
    expect(breakers.map((breaker) => breaker.state('m'))).toEqual(['open', 'open']);
    expect(first?.tryAcquire('m')).toBe(false);
    now = 1100;
    expect(breakers.map((breaker) => breaker.state('m'))).toEqual(['half_open', 'half_open']);
    expect(first?.tryAcquire('m')).toBe(true);
    first?.recordSuccess('m');
    await settled();
    expect(breakers.map((breaker) => breaker.state('m'))).toEqual(['closed', 'closed']);
  });

  it('a scrape on any worker answers for all: counters summed, the circuit gauge the worst', async () => {
    const channels = fakeCluster(2);
    const breakers = channels.map((channel) => clusterCircuitBreaker(channel, { failureThreshold: 1, cooldownMs: 60_000 }));
    const telemetries = channels.map((channel, index) => {
      const telemetry: PrometheusTelemetry = new PrometheusTelemetry({
        breaker: breakers[index] ?? breakers[0]!,
        modelIds: ['m'],
        processMetrics: false,
        gather: () => metrics.gather(),
      });
      const metrics = new ClusterMetrics(channel, () => telemetry.ownMetricsAsJson());
      return telemetry;
    });
    telemetries[0]?.httpRequest({ method: 'GET', route: '/healthz', status: 200, seconds: 0.01 });
    telemetries[1]?.httpRequest({ method: 'GET', route: '/healthz', status: 200, seconds: 0.02 });
    telemetries[1]?.httpRequest({ method: 'GET', route: '/healthz', status: 200, seconds: 0.02 });
    // Opened on the second worker only, without telling the first (as if the relay were late).
    breakers[1]?.apply({ modelId: 'm', state: 'open', openedAt: Date.now() });
    const text = (await telemetries[0]?.metrics()) ?? '';
    expect(text).toContain('agentapi_http_requests_total{method="GET",route="/healthz",status="200"} 3');
    expect(text).toContain('agentapi_http_request_duration_seconds_count{method="GET",route="/healthz"} 3');
    expect(text).toContain('agentapi_circuit_breaker_state{model="m"} 2');
  });
});
