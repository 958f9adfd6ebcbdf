import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpOptions, HttpServices } from '../../http-services.ts';
import { requireAdmin } from '../../hooks/require-admin.ts';
import { requireDatabase } from '../../hooks/require-account.ts';
import { asRecord, textOf } from '../../request-issues.ts';
import { bearerSecurity, errorResponses } from '../../schemas/common-schemas.ts';

const apiKeySummarySchema = z.object({
  prefix: z.string(),
  user: z.string(),
  name: z.string().nullable(),
  apiPlan: z.string().describe("The account's plan on /api"),
  v1Plan: z.string().describe("The account's plan on /api/v1"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

const createKeyBodySchema = z.strictObject({
  user: z.string().min(1).max(200).describe('Account id; created on first use'),
  plan: z.string().optional().describe('Plan on /api (default free)'),
  v1Plan: z.string().optional().describe('Plan on /api/v1 (default free)'),
  name: z.string().min(1).max(100).optional().describe('A label for the key'),
});

/** Key management for operators, behind ADMIN_TOKEN: the same service the CLI calls. */
export function registerAdminApiKeys(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The token, then the database, from the headers alone: nothing about the body is said to a caller without the token.
  const onRequest = [requireAdmin(options), requireDatabase(services)];

  typed.post('/api/admin/keys', {
    schema: {
      tags: ['admin'],
      summary: 'Create an API key',
      description: 'The key is in this response only; it is stored as a hash.',
      security: bearerSecurity,
      body: createKeyBodySchema,
      response: {
        201: z.object({
          success: z.literal(true),
          data: apiKeySummarySchema.pick({ prefix: true, user: true, name: true, createdAt: true }).extend({
            key: z.string(),
            apiPlan: z.string(),
            v1Plan: z.string(),
          }),
        }),
        ...errorResponses(400, 401, 404, 503),
      },
    },
    onRequest,
    config: {
      furtherIssues: (request) => {
        const body = asRecord(request.body);
        return services.accounts.keyIssues({ accountId: textOf(body.user), apiPlan: textOf(body.plan), v1Plan: textOf(body.v1Plan), name: textOf(body.name) });
      },
    },
    handler: async (request, reply) => {
      const created = await services.accounts.createKey({
        accountId: request.body.user,
        apiPlan: request.body.plan,
        v1Plan: request.body.v1Plan,
        name: request.body.name,
      });
      return reply.code(201).send({ success: true as const, data: created });
    },
  });

  typed.patch('/api/admin/accounts/:user', {
    schema: {
      tags: ['admin'],
      summary: 'Change an account’s plans',
      description: 'The new daily limits apply from the next request.',
      security: bearerSecurity,
      params: z.object({ user: z.string().min(1).max(200) }),
      body: z.strictObject({ plan: z.string().optional(), v1Plan: z.string().optional() }),
      response: {
        200: z.object({ success: z.literal(true), data: z.object({ user: z.string(), apiPlan: z.string(), v1Plan: z.string() }) }),
        ...errorResponses(400, 401, 404, 503),
      },
    },
    onRequest,
    config: {
      furtherIssues: (request) => {
        const body = asRecord(request.body);
        return services.accounts.planIssues({ apiPlan: textOf(body.plan), v1Plan: textOf(body.v1Plan) });
      },
    },
    handler: async (request) => {
      const account = await services.accounts.setPlans(request.params.user, { apiPlan: request.body.plan, v1Plan: request.body.v1Plan });
      return { success: true as const, data: { user: account.id, apiPlan: account.apiPlan, v1Plan: account.v1Plan } };
    },
  });

  typed.get('/api/admin/keys', {
    schema: {
      tags: ['admin'],
      summary: 'List API keys',
      security: bearerSecurity,
      querystring: z.object({ user: z.string().min(1).max(200).optional() }),
      response: { 200: z.object({ success: z.literal(true), data: z.array(apiKeySummarySchema), count: z.number() }), ...errorResponses(401, 404, 503) },
    },
    onRequest,
    handler: async (request) => {
      const keys = await services.accounts.listKeys(request.query.user ? { accountId: request.query.user } : {});
      return { success: true as const, data: keys, count: keys.length };
    },
  });

  const surfacePlansSchema = z.object({
    defaultPlan: z.string().describe('The plan a new account gets'),
    plans: z.array(z.object({ id: z.string(), name: z.string(), dailyLimit: z.number().int().nullable().describe('null: unlimited'), priceUsdPerMonth: z.number().nullable().describe('null: not published') })),
  });
  typed.get('/api/admin/plans', {
    schema: {
      tags: ['admin'],
      summary: 'List the plans accounts can be put on',
      description: 'Per surface (/api and /api/v1), as config/plans.yaml defines them: the ids that POST /api/admin/keys and PATCH /api/admin/accounts/{user} accept.',
      security: bearerSecurity,
      response: { 200: z.object({ success: z.literal(true), data: z.object({ api: surfacePlansSchema, v1: surfacePlansSchema }) }), ...errorResponses(401, 404) },
    },
    onRequest: requireAdmin(options),
    handler: async () => ({ success: true as const, data: services.accounts.planChoices() }),
  });

  typed.delete('/api/admin/keys/:prefix', {
    schema: {
      tags: ['admin'],
      summary: 'Revoke an API key',
      security: bearerSecurity,
      params: z.object({ prefix: z.string().min(1).max(64) }),
      response: { 200: z.object({ success: z.literal(true), data: z.object({ prefix: z.string(), revoked: z.literal(true) }) }), ...errorResponses(401, 404, 503) },
    },
    onRequest,
    handler: async (request) => {
      await services.accounts.revokeKey(request.params.prefix);
      return { success: true as const, data: { prefix: request.params.prefix, revoked: true as const } };
    },
  });
}
