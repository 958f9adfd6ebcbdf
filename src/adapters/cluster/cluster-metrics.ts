import { AppError } from '../../domain/errors.ts';
import type { ClusterChannel } from './cluster-channel.ts';
import type { MetricsJson } from './cluster-messages.ts';

/** How long a worker waits for the primary's aggregate (the primary waits less for each worker). */
const answerTimeoutMs = 5000;

/**
 * The worker's side of the server-wide metrics: it answers the primary's collection with its own
 * metrics, and a scrape it receives asks the primary for everyone's, summed (see src/cluster/).
 */
export class ClusterMetrics {
  readonly #channel: ClusterChannel;
  readonly #pending = new Map<number, (text: string) => void>();
  #nextId = 1;

  constructor(channel: ClusterChannel, ownMetrics: () => Promise<MetricsJson>) {
    this.#channel = channel;
    channel.listen((message) => {
      if (message.kind === 'agentapi:metrics-collect') {
        void ownMetrics().then((metrics) => channel.send({ kind: 'agentapi:metrics-part', requestId: message.requestId, metrics }));
      } else if (message.kind === 'agentapi:metrics-answer') {
        this.#pending.get(message.requestId)?.(message.text);
      }
    });
  }

  /** Every worker's metrics aggregated, in the Prometheus text format. */
  gather(): Promise<string> {
    const requestId = this.#nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(requestId);
        reject(new AppError('overloaded', 'The server did not gather its workers\u2019 metrics in time; try again', {}, { retryAfterSeconds: 1 }));
      }, answerTimeoutMs);
      this.#pending.set(requestId, (text) => {
        clearTimeout(timer);
        this.#pending.delete(requestId);
        resolve(text);
      });
      this.#channel.send({ kind: 'agentapi:metrics-request', requestId });
    });
  }
}
