import type { FastifyInstance } from 'fastify';
import type { HttpServices } from '../../../http-services.ts';
import { registerAgentRunRoute } from '../../agent-run-route.ts';

export function registerRunAgent(app: FastifyInstance, services: HttpServices): void {
  registerAgentRunRoute(app, services, {
    surface: 'api',
    url: '/api/agents/:agent',
    summary: 'Run an agent',
    description:
      'Runs one agent on a prompt (or its structured fields). Agents flagged requiresConfirmation need "confirmed": true; without it the answer is 400 confirmation_required with a preview. An id of the original service that no agent answers to here answers 410 gone with the reason and, in replacement, what to use instead.',
  });
}
