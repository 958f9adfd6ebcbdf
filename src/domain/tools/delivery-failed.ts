import { AppError } from '../errors.ts';

/** How long a caller is asked to wait before trying a delivery again. */
const retryAfterSeconds = 30;

/**
 * What a tool throws when the delivery the caller asked for (a message posted to a webhook) did not happen:
 * refused by the receiver or not reachable. The run fails with 502 `upstream_unavailable` and gives its unit
 * back, a model answer notwithstanding: the work the caller asked for was not done.
 */
export class DeliveryFailed extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('upstream_unavailable', message, details, { retryAfterSeconds });
    this.name = 'DeliveryFailed';
  }
}
