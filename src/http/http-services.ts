import type { AccountService, AuthenticatedAccount } from '../domain/accounts/account-service.ts';
import type { AgentCatalog } from '../domain/agents/agent-catalog.ts';
import type { AgentRunner } from '../domain/agents/agent-runner.ts';
import type { ModelSelector } from '../domain/routing/model-selector.ts';
import type { SchemaInspector } from '../ports/schema-inspector.ts';

/** Everything the routes call. Built once in the composition root. */
export interface HttpServices {
  accounts: AccountService;
  catalog: AgentCatalog;
  runner: AgentRunner;
  selector: ModelSelector;
  schema: SchemaInspector;
}

export interface HttpOptions {
  bodyLimitBytes: number;
  adminToken: string | undefined;
  version: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on routes that need an account. */
    account?: AuthenticatedAccount;
    /** Values for the request log line, filled in by the handler. */
    logContext?: { agent?: string; model?: string };
  }
}
