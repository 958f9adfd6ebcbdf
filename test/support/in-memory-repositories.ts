import type { Account, AccountRepository } from '../../src/ports/account-repository.ts';
import type { ApiKeyRecord, ApiKeyRepository } from '../../src/ports/api-key-repository.ts';
import type { Conversation, ConversationRepository, ConversationTurn } from '../../src/ports/conversation-repository.ts';
import type { RunRecord, RunRepository } from '../../src/ports/run-repository.ts';
import type { WebhookSecretRecord, WebhookSecretRepository } from '../../src/ports/webhook-secret-repository.ts';

/** Plain in-memory stand-ins for domain unit tests; the database ones pass test/contract. */
export class InMemoryAccountRepository implements AccountRepository {
  readonly accounts = new Map<string, Account>();

  async findById(id: string): Promise<Account | undefined> {
    return this.accounts.get(id);
  }

  async ensure(account: Account): Promise<Account> {
    if (!this.accounts.has(account.id)) this.accounts.set(account.id, { ...account });
    return this.accounts.get(account.id) as Account;
  }

  async updatePlans(id: string, plans: { apiPlan?: string; v1Plan?: string }): Promise<Account | undefined> {
    const account = this.accounts.get(id);
    if (!account) return undefined;
    Object.assign(account, Object.fromEntries(Object.entries(plans).filter(([, value]) => value !== undefined)));
    return account;
  }
}

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly keys = new Map<string, ApiKeyRecord>();

  async insert(record: ApiKeyRecord): Promise<void> {
    this.keys.set(record.prefix, { ...record });
  }

  async findByPrefix(prefix: string): Promise<ApiKeyRecord | undefined> {
    return this.keys.get(prefix);
  }

  async list(filter: { accountId?: string }): Promise<ApiKeyRecord[]> {
    return [...this.keys.values()].filter((key) => filter.accountId === undefined || key.accountId === filter.accountId);
  }

  async revoke(prefix: string, revokedAt: string): Promise<boolean> {
    const key = this.keys.get(prefix);
    if (!key || key.revokedAt) return false;
    key.revokedAt = revokedAt;
    return true;
  }

  async touch(prefix: string, usedAt: string): Promise<void> {
    const key = this.keys.get(prefix);
    if (key) key.lastUsedAt = usedAt;
  }
}

export class InMemoryRunRepository implements RunRepository {
  readonly runs: RunRecord[] = [];

  async insert(run: RunRecord): Promise<void> {
    this.runs.push(run);
  }

  async findById(id: string): Promise<RunRecord | undefined> {
    return this.runs.find((run) => run.id === id);
  }

  async listByAccount(accountId: string, options: { limit: number }): Promise<RunRecord[]> {
    return this.runs.filter((run) => run.accountId === accountId).reverse().slice(0, options.limit);
  }
}

export class InMemoryConversationRepository implements ConversationRepository {
  readonly conversations = new Map<string, Conversation>();
  readonly turns = new Map<string, ConversationTurn[]>();

  async find(id: string): Promise<Conversation | undefined> {
    return this.conversations.get(id);
  }

  async recentTurns(id: string, limit: number): Promise<ConversationTurn[]> {
    return (this.turns.get(id) ?? []).slice(-limit);
  }

  async appendTurns(
    owner: { id: string; accountId: string; agent: string },
    turns: { role: ConversationTurn['role']; content: string }[],
    at: string,
  ): Promise<number> {
    const conversation = this.conversations.get(owner.id) ?? { ...owner, createdAt: at, updatedAt: at, turnCount: 0 };
    conversation.turnCount += turns.length;
    conversation.updatedAt = at;
    this.conversations.set(owner.id, conversation);
    this.turns.set(owner.id, [...(this.turns.get(owner.id) ?? []), ...turns.map((turn) => ({ ...turn, createdAt: at }))]);
    return conversation.turnCount;
  }
}

export class InMemoryWebhookSecretRepository implements WebhookSecretRepository {
  readonly records = new Map<string, WebhookSecretRecord>();

  async find(accountId: string): Promise<WebhookSecretRecord | undefined> {
    const record = this.records.get(accountId);
    return record && { ...record };
  }

  async save(record: WebhookSecretRecord): Promise<void> {
    this.records.set(record.accountId, { ...record });
  }
}
