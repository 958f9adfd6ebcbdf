import { InMemoryCircuitBreaker, type CircuitBreakerSettings } from '../routing-state/in-memory-circuit-breaker.ts';
import type { ClusterChannel } from './cluster-channel.ts';

/**
 * A cluster worker's circuit breaker: kept in the worker, with each opening and closing sent to the
 * primary, which passes it to the other workers, and theirs taken on here. Outcomes are not sent: a worker
 * counts its own failures; once one opens a model's circuit, every worker skips the model.
 */
export function clusterCircuitBreaker(channel: ClusterChannel, settings: Omit<CircuitBreakerSettings, 'onChange'>): InMemoryCircuitBreaker {
  const breaker = new InMemoryCircuitBreaker({
    ...settings,
    onChange: (change) => channel.send({ kind: 'agentapi:circuit', ...change, openedAt: change.state === 'open' ? change.openedAt : 0 }),
  });
  channel.listen((message) => {
    if (message.kind !== 'agentapi:circuit') return;
    breaker.apply(message.state === 'open' ? { modelId: message.modelId, state: 'open', openedAt: message.openedAt } : { modelId: message.modelId, state: 'closed' });
  });
  return breaker;
}
