import type { AgentToolDependencies } from '../../src/domain/tools/create-agent-tools.ts';
import { InMemoryConversationRepository } from './in-memory-repositories.ts';

function unavailable(what: string): never {
  throw new Error(`${what} is not available in this test`);
}

/** Tool dependencies for tests that do not exercise I/O: anything that would reach out fails loudly. */
export function offlineToolDependencies(overrides: Partial<AgentToolDependencies> = {}): AgentToolDependencies {
  return {
    clock: { now: () => new Date('2026-06-01T12:00:00.000Z') },
    outbound: { request: async () => unavailable('outbound HTTP') },
    pageInspector: { inspect: async () => unavailable('the page inspector') },
    pageReader: { read: async () => unavailable('the page reader') },
    conversations: new InMemoryConversationRepository(),
    webSearch: undefined,
    slackWebhookUrl: undefined,
    ...overrides,
  };
}
