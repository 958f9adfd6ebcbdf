import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationIssue } from '../../../../domain/errors.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticateTrigger, verifyTriggerSignature } from '../../../hooks/authenticate-trigger.ts';
import { idempotencyHeadersSchema } from '../../../hooks/idempotency-hooks.ts';
import { accountOf } from '../../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../../hooks/usage-headers-hook.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentStartedRun } from '../../../presenters/started-run-presenter.ts';
import { keepJsonAndFormBodies, parseKeptBody } from '../../../raw-body-parsers.ts';
import { asRecord } from '../../../request-issues.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';
import { triggerBodySchema, triggerBooleanKeys, triggeredRunSchema, triggerQuerySchema } from '../../../schemas/run-schemas.ts';
import { setQuotaHeaders } from '../../../usage-headers.ts';

/** The trigger's route and its alias (no agent is called "trigger", so the alias shadows none). */
const triggerUrls = ['/api/webhooks/trigger', '/api/agents/trigger'] as const;

/**
 * A retried delivery starts one run, keyed for 24 hours per account. A signed request is keyed by its
 * `webhook-id` alone: the id is signed, an Idempotency-Key header is not, so a replay could otherwise pass
 * as a new message by changing it. A bearer request uses its Idempotency-Key header, or else a webhook-id.
 */
function triggerKey(request: FastifyRequest): string | undefined {
  const webhookId = request.headers['webhook-id'];
  const webhookKey = typeof webhookId === 'string' ? `webhook-id:${webhookId}` : undefined;
  if (request.account?.method === 'webhook_signature') return webhookKey;
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : webhookKey;
}

/** The agent's request in a trigger: `params` (the older form) and the top-level fields, without the trigger's own keys. */
function agentBodyOf(body: Record<string, unknown>): Record<string, unknown> {
  const { agent: _agent, params, playbook_id: _playbookId, playbookId: _playbookAlias, inputs: _inputs, callbackUrl: _callback, webhook_url: _callbackAlias, ...rest } = body;
  return { ...asRecord(params), ...rest };
}

/** What the agent or the playbook a refused trigger names would refuse too, so one 400 lists everything. */
function triggerTaskIssues(services: HttpServices, body: Record<string, unknown>): readonly ValidationIssue[] {
  if (typeof body.agent === 'string') return services.runner.taskIssues(body.agent, 'api', agentBodyOf(body));
  const playbookId = body.playbook_id ?? body.playbookId;
  return typeof playbookId === 'string' ? services.playbookRuns.inputIssues(playbookId, body.inputs) : [];
}

export function registerTriggerRun(app: FastifyInstance, services: HttpServices): void {
  // Encapsulated: only these routes take form bodies and keep the raw body for the signature check.
  void app.register(async (scope) => {
    keepJsonAndFormBodies(scope);
    for (const url of triggerUrls) {
      scope.withTypeProvider<ZodTypeProvider>().post(url, {
        schema: {
          tags: ['webhooks'],
          summary: url === triggerUrls[0] ? 'Start a run from a webhook' : 'Start a run from a webhook (alias of POST /api/webhooks/trigger)',
          description:
            'Starts an agent run (`{ agent, prompt | params }`) or a playbook run (`{ playbook_id, inputs }`) in the background and answers 202 with `runId`, `statusUrl` (GET /api/runs/{id}) and `eventsUrl` (GET /api/runs/{id}/events). ' +
            'The body is JSON or form-encoded (`inputs[niche]=…` or `inputs.niche=…` nest). ' +
            'Authenticated by an API key bearer, or by a Standard Webhooks signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`) made with your `whsec_` secret over the exact body, with `?account=<your account id>`; the timestamp must be within 5 minutes. ' +
            'A repeated `webhook-id` within 24 hours starts no second run: the first answer is replayed (a signed request is de-duplicated by its `webhook-id` alone; a bearer request by its Idempotency-Key, else its `webhook-id`). ' +
            'With `callbackUrl` (or `webhook_url`) the outcome is POSTed there, signed: `run.completed` / `run.failed` for an agent, `playbook.completed` / `playbook.failed` for a playbook. ' +
            "One unit of today's quota per agent run or playbook step; units of work not spent are given back (a model call that answered is spent).",
          security: [{ bearerAuth: [] }, {}],
          querystring: triggerQuerySchema,
          headers: idempotencyHeadersSchema,
          body: triggerBodySchema,
          response: { 202: triggeredRunSchema, ...errorResponses(400, 401, 404, 409, 410, 413, 415, 422, 429, 503) },
        },
        config: { idempotency: { keyOf: triggerKey }, furtherIssues: (request) => triggerTaskIssues(services, asRecord(request.body)) },
        // Headers first; the body is read only for a caller with a valid bearer or a signature to check, and parsed after that check.
        onRequest: authenticateTrigger(services),
        preValidation: [verifyTriggerSignature(services), parseKeptBody({ booleanKeys: triggerBooleanKeys })],
        onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
        handler: async (request, reply) => {
          const { account } = accountOf(request);
          const { agent, playbook_id, playbookId, inputs, callbackUrl, webhook_url, ...rest } = request.body;
          const callback = callbackUrl ?? webhook_url;
          const run = agent !== undefined
            ? await services.backgroundRuns.start({
                account,
                agentId: agent,
                body: agentBodyOf(request.body),
                requestId: request.id,
                callbackUrl: callback,
              })
            : await services.playbookRuns.start({
                account,
                playbookId: (playbook_id ?? playbookId) as string,
                inputs: inputs ?? {},
                confirmed: rest.confirmed === true,
                requestId: request.id,
                callbackUrl: callback,
              });
          if (run.kind === 'agent') request.logContext = { agent: run.playbookId };
          const body = presentStartedRun(run);
          return reply.code(202).header('Location', body.statusUrl).send(body);
        },
      });
    }
  });
}
