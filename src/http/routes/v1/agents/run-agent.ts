import type { FastifyInstance } from 'fastify';
import type { HttpServices } from '../../../http-services.ts';
import { registerAgentRunRoute } from '../../agent-run-route.ts';

export function registerV1RunAgent(app: FastifyInstance, services: HttpServices): void {
  registerAgentRunRoute(app, services, {
    surface: 'v1',
    url: '/api/v1/agents/:agent',
    summary: 'Run an agent (stable v1 surface)',
    description: 'The stable, versioned surface for programs: only agents flagged v1. No confirmation step.',
  });
}
