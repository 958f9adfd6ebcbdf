import type { Redis } from 'ioredis';
import type { RunEventBus } from '../../ports/run-event-bus.ts';
import { RunSignalFanout } from '../events/run-signal-fanout.ts';
import { redisCommandTimeoutMs } from './open-redis.ts';

export interface RedisRunEventBusOptions {
  url: string;
  /** The service's key prefix; it names the channel, so deployments sharing a server do not hear each other. */
  prefix: string;
  /** Told about a listener that threw. */
  onError?: (error: unknown) => void;
}

/**
 * Run signals across processes: one channel for the whole service carrying run ids, one subscription per
 * process, fanned out locally. A channel per run would cost a SUBSCRIBE round trip for every event stream.
 */
export class RedisRunEventBus implements RunEventBus {
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #channel: string;
  readonly #fanout: RunSignalFanout;

  private constructor(publisher: Redis, subscriber: Redis, channel: string, fanout: RunSignalFanout) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#channel = channel;
    this.#fanout = fanout;
  }

  static async create(options: RedisRunEventBusOptions): Promise<RedisRunEventBus> {
    // Loaded only when REDIS_URL is set.
    const { Redis: RedisClient } = await import('ioredis');
    const publisher = new RedisClient(options.url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, commandTimeout: redisCommandTimeoutMs });
    const subscriber = new RedisClient(options.url, { maxRetriesPerRequest: 2 });
    // Connection errors surface on the commands that fail; the clients reconnect (and resubscribe) by themselves.
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);

    // Key prefixes do not apply to channel names, so the prefix is part of the name.
    const channel = `${options.prefix}playbook-events`;
    const fanout = new RunSignalFanout(options.onError);
    subscriber.on('message', (from: string, runId: string) => {
      if (from === channel) fanout.emit(runId);
    });
    try {
      await subscriber.subscribe(channel);
    } catch (error) {
      await Promise.all([closeConnection(publisher), closeConnection(subscriber)]);
      throw error;
    }
    return new RedisRunEventBus(publisher, subscriber, channel, fanout);
  }

  async publish(runId: string): Promise<void> {
    await this.#publisher.publish(this.#channel, runId);
  }

  subscribe(runId: string, listener: () => void): () => void {
    return this.#fanout.subscribe(runId, listener);
  }

  async close(): Promise<void> {
    this.#fanout.clear();
    await Promise.all([closeConnection(this.#publisher), closeConnection(this.#subscriber)]);
  }
}

/** QUIT when the server answers, otherwise just drop the socket: closing must not hang on a dead server. */
async function closeConnection(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
