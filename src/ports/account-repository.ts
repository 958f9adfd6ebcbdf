export interface Account {
  id: string;
  apiPlan: string;
  v1Plan: string;
  createdAt: string;
}

export interface AccountRepository {
  findById(id: string): Promise<Account | undefined>;
  /** Inserts the account if it does not exist yet and returns the stored one either way. */
  ensure(account: Account): Promise<Account>;
  updatePlans(id: string, plans: { apiPlan?: string; v1Plan?: string }): Promise<Account | undefined>;
}
