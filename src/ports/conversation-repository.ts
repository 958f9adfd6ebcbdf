export interface Conversation {
  id: string;
  accountId: string;
  agent: string;
  createdAt: string;
  updatedAt: string;
  turnCount: number;
}

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
}

export interface ConversationRepository {
  find(id: string): Promise<Conversation | undefined>;
  /** The last `limit` turns, oldest first. */
  recentTurns(id: string, limit: number): Promise<ConversationTurn[]>;
  /**
   * Appends turns in order, creating the conversation on its first turns; safe under concurrent appends.
   * Returns the conversation's turn count afterwards.
   */
  appendTurns(owner: { id: string; accountId: string; agent: string }, turns: { role: ConversationTurn['role']; content: string }[], at: string): Promise<number>;
}
