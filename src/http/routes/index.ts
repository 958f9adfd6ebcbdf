import type { FastifyInstance } from 'fastify';
import type { HttpOptions, HttpServices } from '../http-services.ts';
import { registerAdminApiKeys } from './admin/api-keys.ts';
import { registerGetAgent } from './api/agents/get-agent.ts';
import { registerListAgents } from './api/agents/list-agents.ts';
import { registerRunAgent } from './api/agents/run-agent.ts';
import { registerFreeRun } from './api/free/free-run.ts';
import { registerListModels } from './api/models/list-models.ts';
import { registerGetPlaybook } from './api/playbooks/get-playbook.ts';
import { registerListPlaybooks } from './api/playbooks/list-playbooks.ts';
import { registerCancelPlaybookRun } from './api/playbooks/cancel-playbook-run.ts';
import { registerFollowPlaybookRun } from './api/playbooks/follow-playbook-run.ts';
import { registerGetPlaybookRun } from './api/playbooks/get-playbook-run.ts';
import { registerListPlaybookRuns } from './api/playbooks/list-playbook-runs.ts';
import { registerResumePlaybookRun } from './api/playbooks/resume-playbook-run.ts';
import { registerRunPlaybook } from './api/playbooks/run-playbook.ts';
import { registerRotateWebhookSecret } from './api/webhooks/rotate-webhook-secret.ts';
import { registerListWebhookDeliveries } from './api/webhooks/list-webhook-deliveries.ts';
import { registerRouteTask } from './api/router/route-task.ts';
import { registerGetUsage } from './api/usage/get-usage.ts';
import { registerHealth } from './system/health.ts';
import { registerOpenApi } from './system/openapi.ts';
import { registerV1RunAgent } from './v1/agents/run-agent.ts';

/** Every route of the service, one operation per file. */
export function registerRoutes(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  registerHealth(app, services, options);
  registerOpenApi(app);
  registerListAgents(app, services);
  registerGetAgent(app, services);
  registerRunAgent(app, services);
  registerV1RunAgent(app, services);
  registerListPlaybooks(app, services);
  registerGetPlaybook(app, services);
  registerRunPlaybook(app, services, options);
  registerListPlaybookRuns(app, services);
  registerGetPlaybookRun(app, services);
  registerFollowPlaybookRun(app, services, options);
  registerCancelPlaybookRun(app, services);
  registerResumePlaybookRun(app, services);
  registerRotateWebhookSecret(app, services);
  registerListWebhookDeliveries(app, services);
  registerFreeRun(app, services);
  registerGetUsage(app, services);
  registerListModels(app, services);
  registerRouteTask(app, services);
  registerAdminApiKeys(app, services, options);
}
