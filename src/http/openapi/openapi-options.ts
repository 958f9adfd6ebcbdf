import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AgentCatalog } from '../../domain/agents/agent-catalog.ts';
import { securitySchemes } from './operations.ts';
import { refineDocument } from './refine-document.ts';

/** The OpenAPI document's options: generated from the route schemas, then refined (refine-document.ts). */
export function openApiOptions(version: string, catalog: AgentCatalog): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Agent Execution API',
        version,
        description: 'Run AI agents over REST: a catalog of agents, model routing with failover, and one execution path for every surface.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      components: { securitySchemes: { ...securitySchemes } },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: [
        { name: 'agents', description: 'The agent catalog and runs on /api' },
        { name: 'v1', description: 'The stable /api/v1 surface' },
        { name: 'playbooks', description: 'Playbooks: several agents in steps, run in the background' },
        { name: 'runs', description: 'Any run by id: agent runs and playbook runs' },
        { name: 'webhooks', description: 'Inbound triggers, the webhook secret and callback deliveries' },
        { name: 'free', description: 'Anonymous runs of read-only agents, limited per client address' },
        { name: 'usage', description: 'Daily quotas' },
        { name: 'analytics', description: 'Requests, outcomes, tokens, cost and latency over days, agents, models and providers' },
        { name: 'models', description: 'The model registry and the router' },
        { name: 'mcp', description: 'The Model Context Protocol endpoint: agents and playbooks as tools, runs as resources' },
        { name: 'admin', description: 'Operator endpoints behind ADMIN_TOKEN' },
        { name: 'operations', description: 'Health, readiness and metrics' },
        { name: 'openai', description: 'The OpenAI-compatible surface under /v1 (docs/openai-compatible.md): errors in OpenAI\'s shape' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => refineDocument(jsonSchemaTransformObject(input) as Parameters<typeof refineDocument>[0], { agents: { api: catalog.list('api'), v1: catalog.list('v1') } }),
  };
}
