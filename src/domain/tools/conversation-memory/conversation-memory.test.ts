import { describe, expect, it } from 'vitest';
import { InMemoryConversationRepository } from '../../../../test/support/in-memory-repositories.ts';
import { AppError } from '../../errors.ts';
import type { ToolContext } from '../agent-tool.ts';
import { createConversationMemoryTool } from './conversation-memory-tool.ts';

const clock = { now: () => new Date('2026-05-01T09:00:00.000Z') };
const context = (accountId: string, prompt: string, fields: Record<string, unknown> = {}): ToolContext => ({ agentId: 'voice-chat', accountId, surface: 'v1', prompt, fields });

async function turn(tool: ReturnType<typeof createConversationMemoryTool>, call: ToolContext, reply: string) {
  const preparation = await tool.prepare?.(call);
  const output = await tool.finish?.({ reply }, call, preparation?.state);
  return { preparation, output };
}

describe('the conversation-memory tool', () => {
  it('starts a conversation, then brings its history into the next turn', async () => {
    const conversations = new InMemoryConversationRepository();
    const tool = createConversationMemoryTool({ conversations, clock });
    const first = await turn(tool, context('acct', 'Do you open on Sundays?'), 'Yes, from 10 to 4.');
    expect(first.preparation?.context).toBeUndefined();
    expect(first.output).toMatchObject({ reply: 'Yes, from 10 to 4.', conversationId: expect.stringMatching(/^conv_/), turn: 1 });

    const conversationId = first.output?.conversationId as string;
    const second = await turn(tool, context('acct', 'And on holidays?', { conversationId }), 'Holidays are closed.');
    expect(second.preparation?.context).toBe('Customer: Do you open on Sundays?\nYou: Yes, from 10 to 4.');
    expect(second.output).toMatchObject({ conversationId, turn: 2 });
  });

  it('hides a conversation from other accounts and unknown ids with 404', async () => {
    const conversations = new InMemoryConversationRepository();
    const tool = createConversationMemoryTool({ conversations, clock });
    const first = await turn(tool, context('owner', 'Hi'), 'Hello');
    const conversationId = first.output?.conversationId as string;
    for (const call of [context('intruder', 'Hi', { conversationId }), context('owner', 'Hi', { conversationId: 'conv_missing' })]) {
      const error = await tool.prepare?.(call).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('not_found');
    }
  });
});
