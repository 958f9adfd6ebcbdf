// The API's shapes, from the client package generated from the served OpenAPI document. Type-only: the
// build strips these imports, so the console never loads the generated client.
export type { AgentDetail, AgentRunEnvelope, AgentSummary, Run, RunEvent, SafetyReport } from '../../../packages/client/src/generated/types.gen.ts';
import type { AgentRunEnvelope } from '../../../packages/client/src/generated/types.gen.ts';

export type AgentRunMeta = AgentRunEnvelope['meta'];
