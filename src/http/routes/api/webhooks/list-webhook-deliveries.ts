import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentWebhookDelivery } from '../../../presenters/webhook-delivery-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { listWebhookDeliveriesQuerySchema, webhookDeliveryViewSchema } from '../../../schemas/webhook-delivery-schemas.ts';

export function registerListWebhookDeliveries(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/webhooks/deliveries', {
    schema: {
      tags: ['webhooks'],
      summary: 'Your webhook deliveries and their attempts',
      description:
        'Every callback sent for this account, latest first, with each attempt: when, the HTTP status, why it failed and whether another attempt follows. ' +
        'Pass `meta.nextCursor` as `cursor` for the next page; it is null on the last page.',
      security: bearerSecurity,
      querystring: listWebhookDeliveriesQuerySchema,
      response: {
        200: z.object({ success: z.literal(true), data: z.array(webhookDeliveryViewSchema), meta: z.object({ limit: z.number().int(), nextCursor: z.string().nullable() }) }),
        ...errorResponses(400, 401, 503),
      },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const { account } = accountOf(request);
      const page = await services.webhookDeliveries.list(account.id, request.query);
      return { success: true as const, data: page.deliveries.map(presentWebhookDelivery), meta: { limit: request.query.limit, nextCursor: page.nextCursor } };
    },
  });
}
