import type { Kysely } from 'kysely';
import type { Conversation, ConversationRepository, ConversationTurn } from '../../../ports/conversation-repository.ts';
import type { DatabaseSchema } from '../database-schema.ts';

export class KyselyConversationRepository implements ConversationRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async find(id: string): Promise<Conversation | undefined> {
    const row = await this.#db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      row && {
        id: row.id,
        accountId: row.account_id,
        agent: row.agent,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        turnCount: Number(row.turn_count),
      }
    );
  }

  async recentTurns(id: string, limit: number): Promise<ConversationTurn[]> {
    const rows = await this.#db
      .selectFrom('conversation_turns')
      .select(['role', 'content', 'created_at'])
      .where('conversation_id', '=', id)
      .orderBy('turn_index', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => ({ role: row.role as ConversationTurn['role'], content: row.content, createdAt: row.created_at }));
  }

  async appendTurns(
    owner: { id: string; accountId: string; agent: string },
    turns: { role: ConversationTurn['role']; content: string }[],
    at: string,
  ): Promise<number> {
    return this.#db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto('conversations')
        .values({ id: owner.id, account_id: owner.accountId, agent: owner.agent, turn_count: 0, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      // Reserving the indices with one UPDATE … RETURNING takes the row lock, so concurrent appends queue.
      const reserved = await transaction
        .updateTable('conversations')
        .set((expression) => ({ turn_count: expression('turn_count', '+', turns.length), updated_at: at }))
        .where('id', '=', owner.id)
        .returning('turn_count')
        .executeTakeFirstOrThrow();
      const count = Number(reserved.turn_count);
      const first = count - turns.length;
      if (turns.length > 0) {
        await transaction
          .insertInto('conversation_turns')
          .values(turns.map((turn, offset) => ({ conversation_id: owner.id, turn_index: first + offset, role: turn.role, content: turn.content, created_at: at })))
          .execute();
      }
      return count;
    });
  }
}
