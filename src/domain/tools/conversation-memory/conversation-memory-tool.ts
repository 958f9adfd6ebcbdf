import type { Clock } from '../../../ports/clock.ts';
import type { ConversationRepository } from '../../../ports/conversation-repository.ts';
import { AppError } from '../../errors.ts';
import { createId } from '../../ids.ts';
import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';

/** How many earlier turns the model sees: enough for context, bounded for cost. */
const historyTurns = 20;

export const conversationMemoryDescriptor: ToolDescriptor = {
  name: 'conversation-memory',
  description: 'The conversation so far (oldest first)',
  privateFields: ['conversationId'],
  outputFields: {
    conversationId: { type: 'string', description: 'Send it back as conversationId to continue this conversation' },
    turn: { type: 'integer', minimum: 1, description: 'How many exchanges the conversation holds, this one included' },
  },
  requiredOutputFields: ['conversationId', 'turn'],
};

interface MemoryState {
  conversationId: string;
}

/**
 * Multi-turn conversations: a `conversationId` from an earlier answer brings that conversation's history
 * into the task; each successful run appends the caller's message and the agent's reply. Conversations
 * belong to one account and one agent; anyone else gets 404.
 */
export function createConversationMemoryTool(dependencies: { conversations: ConversationRepository; clock: Clock }): AgentTool {
  const { conversations, clock } = dependencies;
  return {
    ...conversationMemoryDescriptor,
    async prepare(context) {
      const requested = context.fields.conversationId;
      if (typeof requested !== 'string') return { state: { conversationId: createId('conv', clock.now()) } satisfies MemoryState };
      const conversation = await conversations.find(requested);
      if (!conversation || conversation.accountId !== context.accountId || conversation.agent !== context.agentId) {
        throw new AppError('not_found', `Conversation "${requested}" does not exist`);
      }
      const turns = await conversations.recentTurns(requested, historyTurns);
      const history = turns.map((turn) => `${turn.role === 'user' ? 'Customer' : 'You'}: ${turn.content}`).join('\n');
      return { context: history || undefined, state: { conversationId: requested } satisfies MemoryState };
    },
    async finish(output, context, state) {
      const { conversationId } = state as MemoryState;
      const said = context.prompt ?? '';
      const reply = typeof output.reply === 'string' ? output.reply : JSON.stringify(output);
      const turnCount = await conversations.appendTurns(
        { id: conversationId, accountId: context.accountId, agent: context.agentId },
        [
          { role: 'user', content: said },
          { role: 'assistant', content: reply },
        ],
        clock.now().toISOString(),
      );
      return { ...output, conversationId, turn: turnCount / 2 };
    },
  };
}
