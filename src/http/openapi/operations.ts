/** How an operation's responses are metered: the daily quota's headers, the free tier's, or none. */
export type Metering = 'quota' | 'free' | 'none';

/** Who may call an operation, as the document says it (security requirement and scheme). */
export type Access = 'public' | 'account' | 'admin' | 'metrics' | 'trigger';

export interface OperationFacts {
  /** The stable operationId: generated clients name their functions after it, so it never changes. */
  id: string;
  access: Access;
  metering?: Metering;
}

/**
 * Every operation the service documents, by `METHOD path` as the document writes it. The document takes
 * each operation's id, security and metering headers from here; a route missing from this table fails the
 * document test (test/http/openapi-document.test.ts) and the lint.
 */
export const operationFacts: Readonly<Record<string, OperationFacts>> = {
  'GET /healthz': { id: 'getHealth', access: 'public' },
  'GET /readyz': { id: 'getReadiness', access: 'public' },
  'GET /metrics': { id: 'getMetrics', access: 'metrics' },
  'GET /api/agents': { id: 'listAgents', access: 'public' },
  'GET /api/agents/{agent}': { id: 'getAgent', access: 'public' },
  'POST /api/agents/{agent}': { id: 'runAgent', access: 'account', metering: 'quota' },
  'POST /api/v1/agents/{agent}': { id: 'runV1Agent', access: 'account', metering: 'quota' },
  'GET /api/playbooks': { id: 'listPlaybooks', access: 'public' },
  'GET /api/playbooks/{playbook}': { id: 'getPlaybook', access: 'public' },
  'POST /api/playbooks/run': { id: 'runPlaybook', access: 'account', metering: 'quota' },
  'GET /api/playbooks/runs': { id: 'listPlaybookRuns', access: 'account' },
  'GET /api/playbooks/runs/{runId}': { id: 'getPlaybookRun', access: 'account' },
  'GET /api/playbooks/runs/{runId}/events': { id: 'followPlaybookRun', access: 'account' },
  'POST /api/playbooks/runs/{runId}/cancel': { id: 'cancelPlaybookRun', access: 'account' },
  'POST /api/playbooks/runs/{runId}/resume': { id: 'resumePlaybookRun', access: 'account', metering: 'quota' },
  'POST /api/webhooks/secret': { id: 'rotateWebhookSecret', access: 'account' },
  'GET /api/webhooks/deliveries': { id: 'listWebhookDeliveries', access: 'account' },
  'POST /api/webhooks/trigger': { id: 'triggerRun', access: 'trigger', metering: 'quota' },
  'POST /api/agents/trigger': { id: 'triggerAgentRun', access: 'trigger', metering: 'quota' },
  'GET /api/runs': { id: 'listRuns', access: 'account' },
  'GET /api/runs/{runId}': { id: 'getRun', access: 'account' },
  'GET /api/runs/{runId}/events': { id: 'followRun', access: 'account' },
  'POST /api/runs/{runId}/cancel': { id: 'cancelRun', access: 'account' },
  'POST /api/runs/{runId}/resume': { id: 'resumeRun', access: 'account', metering: 'quota' },
  'POST /api/free/run': { id: 'runFreeAgent', access: 'public', metering: 'free' },
  'GET /api/usage': { id: 'getUsage', access: 'account' },
  'GET /api/analytics': { id: 'getAnalytics', access: 'account' },
  'GET /api/models': { id: 'listModels', access: 'public' },
  'POST /api/router/route': { id: 'routeTask', access: 'account' },
  'POST /api/admin/keys': { id: 'createApiKey', access: 'admin' },
  'GET /api/admin/keys': { id: 'listApiKeys', access: 'admin' },
  'GET /api/admin/plans': { id: 'listPlans', access: 'admin' },
  'PATCH /api/admin/accounts/{user}': { id: 'updateAccount', access: 'admin' },
  'DELETE /api/admin/keys/{prefix}': { id: 'revokeApiKey', access: 'admin' },
  'POST /v1/chat/completions': { id: 'createChatCompletion', access: 'account', metering: 'quota' },
  'GET /v1/models': { id: 'listOpenAiModels', access: 'account' },
  'GET /v1/models/{model}': { id: 'getOpenAiModel', access: 'account' },
  'POST /v1/embeddings': { id: 'createEmbeddings', access: 'account', metering: 'quota' },
  'POST /mcp': { id: 'postMcpMessage', access: 'account' },
  'GET /mcp': { id: 'openMcpStream', access: 'account' },
  'DELETE /mcp': { id: 'closeMcpSession', access: 'account' },
  'GET /.well-known/oauth-protected-resource/mcp': { id: 'getMcpProtectedResource', access: 'public' },
};

/** The security requirement of each kind of access: `[]` means no credentials; `{}` in a list makes them optional. */
export const securityByAccess: Readonly<Record<Access, Array<Record<string, string[]>>>> = {
  public: [],
  account: [{ bearerAuth: [] }],
  admin: [{ adminToken: [] }],
  // Open unless METRICS_TOKEN is set.
  metrics: [{ metricsToken: [] }, {}],
  trigger: [{ bearerAuth: [] }, { webhookSignature: [] }],
};

export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (`ak_live_…`) or a JWT from the configured issuer' },
  adminToken: { type: 'http', scheme: 'bearer', description: 'The operator token, ADMIN_TOKEN; the admin API is 404 while it is unset' },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when it is set; /metrics is open otherwise' },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description: 'A Standard Webhooks signature made with your `whsec_` secret over the exact body, sent with `webhook-id` and `webhook-timestamp` and `?account=<your account id>`',
  },
} as const;
