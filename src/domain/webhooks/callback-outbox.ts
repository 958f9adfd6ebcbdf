import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import type { WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';
import type { RunCallbacks } from './run-callbacks.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';

/**
 * Turns a run that has just finished into the webhook delivery of its callback, for the repository to store
 * in the transaction that finishes the run (a run never ends without its callback queued). Synchronous on
 * purpose: it only builds the record from the run, so nothing but the database is awaited inside that
 * transaction; the dispatcher sends the delivery later, outside it.
 */
export class CallbackOutbox {
  readonly #callbacks: Pick<RunCallbacks, 'messageFor'>;
  readonly #dispatcher: Pick<WebhookDispatcher, 'prepare'>;

  constructor(dependencies: { callbacks: Pick<RunCallbacks, 'messageFor'>; dispatcher: Pick<WebhookDispatcher, 'prepare'> }) {
    this.#callbacks = dependencies.callbacks;
    this.#dispatcher = dependencies.dispatcher;
  }

  /** The delivery to store for the finished run; undefined when it asked for no callback or was canceled. */
  deliveryFor(finished: PlaybookRunRecord): Omit<WebhookDeliveryRecord, 'attempts'> | undefined {
    const message = this.#callbacks.messageFor(finished);
    return message && this.#dispatcher.prepare(message);
  }
}
