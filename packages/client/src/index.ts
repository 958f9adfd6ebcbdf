export { createAgentApiClient, type AgentApiClient, type AgentApiClientOptions, type AgentRun, type AgentRunBody } from './agent-api-client.ts';
export { AgentApiError } from './agent-api-error.ts';
export { followRunEvents, type FollowRunOptions } from './follow-run.ts';
export { retryingFetch, retryAfterMs, defaultRetryStatuses, type RetryOptions } from './retrying-fetch.ts';
export { readServerSentEvents, type RawServerSentEvent } from './server-sent-events.ts';
export type { AgentId, AgentInputs, AgentOutputs } from './generated/agent-types.gen.ts';
export * from './generated/index.ts';
