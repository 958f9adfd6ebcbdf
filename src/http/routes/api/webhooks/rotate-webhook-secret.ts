import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';

const rotatedSecretSchema = z.object({
  success: z.literal(true),
  data: z.object({
    secret: z.string().describe('The `whsec_…` signing secret; this response is the only place it appears'),
    createdAt: z.string().describe('When this secret was made'),
    rotated: z.boolean().describe('True when it replaced an earlier secret'),
  }),
});

export function registerRotateWebhookSecret(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/webhooks/secret', {
    schema: {
      tags: ['webhooks'],
      summary: 'Create or rotate the webhook signing secret',
      description:
        'Makes a new secret for signing this account’s webhook deliveries (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers). ' +
        'The secret is shown once, in this response; it is stored encrypted. Rotating replaces the previous secret: deliveries are signed with the new one from then on, and the old one stops verifying.',
      security: bearerSecurity,
      response: { 201: rotatedSecretSchema, ...errorResponses(401, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request, reply) => {
      const rotated = await services.webhookSecrets.rotate(accountOf(request).account.id);
      return reply.code(201).send({ success: true as const, data: rotated });
    },
  });
}
