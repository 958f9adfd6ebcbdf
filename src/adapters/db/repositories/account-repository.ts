import type { Kysely, Selectable } from 'kysely';
import type { Account, AccountRepository } from '../../../ports/account-repository.ts';
import type { AccountsTable, DatabaseSchema } from '../database-schema.ts';

export class KyselyAccountRepository implements AccountRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async findById(id: string): Promise<Account | undefined> {
    const row = await this.#db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAccount(row);
  }

  async ensure(account: Account): Promise<Account> {
    await this.#db
      .insertInto('accounts')
      .values({ id: account.id, api_plan: account.apiPlan, v1_plan: account.v1Plan, created_at: account.createdAt })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const stored = await this.findById(account.id);
    if (!stored) throw new Error(`Account ${account.id} vanished after insert`);
    return stored;
  }

  async updatePlans(id: string, plans: { apiPlan?: string; v1Plan?: string }): Promise<Account | undefined> {
    const changes = {
      ...(plans.apiPlan !== undefined ? { api_plan: plans.apiPlan } : {}),
      ...(plans.v1Plan !== undefined ? { v1_plan: plans.v1Plan } : {}),
    };
    if (Object.keys(changes).length > 0) await this.#db.updateTable('accounts').set(changes).where('id', '=', id).execute();
    return this.findById(id);
  }
}

function toAccount(row: Selectable<AccountsTable>): Account {
  return { id: row.id, apiPlan: row.api_plan, v1Plan: row.v1_plan, createdAt: row.created_at };
}
