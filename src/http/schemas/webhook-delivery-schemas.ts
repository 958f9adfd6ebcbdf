import { z } from 'zod';

export const listWebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor from the previous page'),
});

export const deliveryAttemptViewSchema = z.object({
  attempt: z.number().int().describe('1 for the first attempt'),
  at: z.string(),
  status: z.number().int().nullable().describe("The receiver's HTTP status; null when no response came"),
  error: z.string().nullable().describe('Why the attempt did not succeed, e.g. `http_503` or `timeout: …`; null when it did'),
  durationMs: z.number(),
  outcome: z.enum(['delivered', 'retry', 'failed']).describe('`retry`: another attempt is scheduled; `failed`: no more attempts'),
});

export const webhookDeliveryViewSchema = z.object({
  id: z.string().describe('Also the webhook-id header of every attempt'),
  url: z.string(),
  eventType: z.string(),
  runId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable().describe('Null once delivered or failed'),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  attempts: z.array(deliveryAttemptViewSchema).describe('Oldest first'),
});
