import type { RegisteredRoute } from './app-routes.ts';

/**
 * Who may call a route:
 * - `public`: nobody needs credentials, and credentials change nothing;
 * - `anonymous`: the free tier, filed by client address, credentials ignored;
 * - `apiKey`: an API key or a JWT of an account;
 * - `apiKeyOrAdmin`: as `apiKey`, or the admin token (reports across accounts);
 * - `apiKeyOrSignature`: as `apiKey`, or a Standard Webhooks signature with `?account=`;
 * - `admin`: the admin token only.
 */
export type AuthKind = 'public' | 'anonymous' | 'apiKey' | 'apiKeyOrAdmin' | 'apiKeyOrSignature' | 'admin';

/**
 * What a successful answer holds: `envelope` is `{ success: true, data }`; `runOrStream` is the envelope, or
 * server-sent events when the caller asked for a stream; `json` is JSON of another shape (health, OpenAPI, the
 * OpenAI-compatible surface), `jsonOrStream` that or server-sent events;
 * `text`, `events` and `any` (documentation pages and their assets) are not JSON. Errors are always JSON.
 */
export type SuccessBody = 'envelope' | 'runOrStream' | 'json' | 'jsonOrStream' | 'text' | 'events' | 'any';

/** Kinds of ids an account owns, for path parameters another account must not reach. */
export type OwnedId = 'playbookRun' | 'anyRun';

export interface RouteFacts {
  auth: AuthKind;
  success: SuccessBody;
  /** The shape of its errors: the service's envelope (the default), or OpenAI's error object on the `/v1` surface. */
  errors?: 'envelope' | 'openai';
  /** Path parameters naming something an account owns: another account asking gets 404 not_found. */
  owned?: Record<string, OwnedId>;
  /** The WWW-Authenticate of its 401, when it is not plain `Bearer`. */
  challenge?: string;
}

const documentation: RouteFacts = { auth: 'public', success: 'any' };
const catalog: RouteFacts = { auth: 'public', success: 'envelope' };
const account: RouteFacts = { auth: 'apiKey', success: 'envelope' };
const agentRun: RouteFacts = { auth: 'apiKey', success: 'runOrStream' };
const ownPlaybookRun: RouteFacts = { auth: 'apiKey', success: 'envelope', owned: { runId: 'playbookRun' } };
const ownRun: RouteFacts = { auth: 'apiKey', success: 'envelope', owned: { runId: 'anyRun' } };
const trigger: RouteFacts = { auth: 'apiKeyOrSignature', success: 'envelope' };
const admin: RouteFacts = { auth: 'admin', success: 'envelope' };
const openAi: RouteFacts = { auth: 'apiKey', success: 'json', errors: 'openai' };
/** The MCP endpoint's 401 names its protected resource metadata (the sweep's requests reach `localhost:80`). */
const mcp: RouteFacts = { auth: 'apiKey', success: 'any', challenge: 'Bearer resource_metadata="http://localhost:80/.well-known/oauth-protected-resource/mcp"' };

/**
 * Every route the service registers (HEAD routes follow their GET), keyed `METHOD url`. A route missing here
 * fails the security sweep: add it with its facts, and it is swept and fuzzed like the others.
 */
export const routeFacts: Readonly<Record<string, RouteFacts>> = {
  // A browser is sent to the console; a program gets the service's links as JSON.
  'GET /': documentation,
  'GET /console': documentation,
  'GET /console/*': documentation,
  'GET /docs': documentation,
  'GET /docs/': documentation,
  'GET /docs/*': documentation,
  'GET /docs/json': documentation,
  'GET /docs/yaml': documentation,
  'GET /docs/static/index.html': documentation,
  'GET /docs/static/swagger-initializer.js': documentation,
  'GET /healthz': { auth: 'public', success: 'json' },
  'GET /readyz': { auth: 'public', success: 'json' },
  'GET /metrics': { auth: 'public', success: 'text' },
  'GET /api/openapi.json': { auth: 'public', success: 'json' },
  // The MCP endpoint answers JSON-RPC (as JSON or server-sent events); its refusals are the usual error body.
  'POST /mcp': mcp,
  'GET /mcp': mcp,
  'DELETE /mcp': mcp,
  'GET /.well-known/oauth-protected-resource/mcp': { auth: 'public', success: 'json' },
  'GET /api/agents': catalog,
  'GET /api/agents/:agent': catalog,
  'POST /api/agents/:agent': agentRun,
  'POST /api/agents/trigger': trigger,
  'POST /api/v1/agents/:agent': agentRun,
  'POST /api/free/run': { auth: 'anonymous', success: 'runOrStream' },
  'GET /api/models': catalog,
  'POST /api/router/route': account,
  'GET /api/usage': account,
  'GET /api/analytics': { auth: 'apiKeyOrAdmin', success: 'envelope' },
  'GET /api/playbooks': catalog,
  'GET /api/playbooks/:playbook': catalog,
  'POST /api/playbooks/run': account,
  'GET /api/playbooks/runs': account,
  'GET /api/playbooks/runs/:runId': ownPlaybookRun,
  'GET /api/playbooks/runs/:runId/events': { ...ownPlaybookRun, success: 'events' },
  'POST /api/playbooks/runs/:runId/cancel': ownPlaybookRun,
  'POST /api/playbooks/runs/:runId/resume': ownPlaybookRun,
  'GET /api/runs': account,
  'GET /api/runs/:runId': ownRun,
  'GET /api/runs/:runId/events': { ...ownRun, success: 'events' },
  'POST /api/runs/:runId/cancel': ownRun,
  'POST /api/runs/:runId/resume': ownRun,
  'POST /api/webhooks/secret': account,
  'GET /api/webhooks/deliveries': account,
  'POST /api/webhooks/trigger': trigger,
  'POST /api/admin/keys': admin,
  'GET /api/admin/keys': admin,
  'GET /api/admin/plans': admin,
  'DELETE /api/admin/keys/:prefix': admin,
  'PATCH /api/admin/accounts/:user': admin,
  'POST /v1/chat/completions': { ...openAi, success: 'jsonOrStream' },
  'GET /v1/models': openAi,
  'GET /v1/models/:model': openAi,
  'GET /v1/models/*': openAi,
  'POST /v1/embeddings': openAi,
};

/** The facts of a route; a HEAD route has its GET's. Undefined for a route nobody described yet. */
export function factsOf(route: RegisteredRoute): RouteFacts | undefined {
  return routeFacts[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`];
}

/** The methods a request may carry a body with. */
export function takesBody(method: string): boolean {
  return method === 'POST' || method === 'PATCH' || method === 'PUT' || method === 'DELETE';
}
