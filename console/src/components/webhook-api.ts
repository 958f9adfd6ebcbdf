// The account's webhook routes, typed from the generated client (type-only imports: erased by the build).
import type { ListWebhookDeliveriesResponse, RotateWebhookSecretResponse } from '../../../packages/client/src/generated/types.gen.ts';
import { callApi } from '../app/api.ts';

export type RotatedSecret = RotateWebhookSecretResponse['data'];
export type WebhookDelivery = ListWebhookDeliveriesResponse['data'][number];
export type DeliveryAttempt = WebhookDelivery['attempts'][number];
export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}

/** POST /api/webhooks/secret: a new `whsec_…` secret, which replaces the previous one at once. */
export async function rotateWebhookSecret(signal: AbortSignal): Promise<RotatedSecret> {
  const response = await callApi<RotateWebhookSecretResponse>('/api/webhooks/secret', { method: 'POST', signal });
  return response.body.data;
}

/** GET /api/webhooks/deliveries: one page, newest first; pass the page's `nextCursor` for the next. */
export async function listWebhookDeliveries(options: { limit: number; cursor?: string | undefined; signal: AbortSignal }): Promise<DeliveryPage> {
  const response = await callApi<ListWebhookDeliveriesResponse>('/api/webhooks/deliveries', { query: { limit: options.limit, cursor: options.cursor }, signal: options.signal });
  return { deliveries: response.body.data, nextCursor: response.body.meta.nextCursor };
}
