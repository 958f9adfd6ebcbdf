import type { Account, AccountRepository } from '../../ports/account-repository.ts';
import type { ApiKeyRecord, ApiKeyRepository } from '../../ports/api-key-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { TokenVerifier } from '../../ports/token-verifier.ts';
import { AppError, invalidRequest, type ValidationIssue } from '../errors.ts';
import type { PlanSurface, PlanTables } from '../quotas/plan-table.ts';
import { accountIdProblem } from './account-id.ts';
import { apiKeyMatches, apiKeyPrefix, generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.ts';

export interface AuthenticatedAccount {
  account: Account;
  method: 'api_key' | 'jwt' | 'webhook_signature';
  keyPrefix?: string;
}

export interface CreateKeyInput {
  accountId: string;
  apiPlan?: string | undefined;
  v1Plan?: string | undefined;
  name?: string | undefined;
}

export interface CreatedKey {
  key: string;
  prefix: string;
  user: string;
  name: string | null;
  apiPlan: string;
  v1Plan: string;
  createdAt: string;
}

export interface ApiKeySummary {
  prefix: string;
  user: string;
  name: string | null;
  /** The key's account's plans. */
  apiPlan: string;
  v1Plan: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A plan an account can be put on, as config/plans.yaml describes it. */
export interface PlanChoice {
  id: string;
  name: string;
  dailyLimit: number | null;
  priceUsdPerMonth: number | null;
}

/** The plans of one surface, and the one new accounts get. */
export interface SurfacePlans {
  defaultPlan: string;
  plans: PlanChoice[];
}

/** Writing last-used time on every request would add a write per call; once a minute is enough. */
const touchIntervalMs = 60_000;
/** Verified keys kept in memory, at most; the oldest go first. */
const authCacheSize = 10_000;

export class AccountService {
  readonly #accounts: AccountRepository;
  readonly #apiKeys: ApiKeyRepository;
  readonly #plans: PlanTables;
  readonly #clock: Clock;
  readonly #tokenVerifier: TokenVerifier | undefined;
  readonly #lastTouched = new Map<string, number>();
  readonly #authCacheMs: number;
  /** Verified API keys by hash, so a busy key is not looked up on every request. */
  readonly #verified = new Map<string, { authenticated: AuthenticatedAccount; until: number }>();

  constructor(dependencies: {
    accounts: AccountRepository;
    apiKeys: ApiKeyRepository;
    plans: PlanTables;
    clock: Clock;
    tokenVerifier?: TokenVerifier | undefined;
    /** How long a verified API key is trusted without asking the database again (0: never). */
    authCacheSeconds?: number;
  }) {
    this.#accounts = dependencies.accounts;
    this.#apiKeys = dependencies.apiKeys;
    this.#plans = dependencies.plans;
    this.#clock = dependencies.clock;
    this.#tokenVerifier = dependencies.tokenVerifier;
    this.#authCacheMs = (dependencies.authCacheSeconds ?? 0) * 1000;
  }

  /** Everything wrong with a key's account id, plans and name, listed rather than thrown. */
  keyIssues(input: Partial<CreateKeyInput>): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    const idProblem = input.accountId === undefined ? undefined : accountIdProblem(input.accountId);
    if (idProblem !== undefined) issues.push({ path: 'user', message: idProblem });
    this.#checkPlan('api', input.apiPlan, 'plan', issues);
    this.#checkPlan('v1', input.v1Plan, 'v1Plan', issues);
    if (input.name !== undefined && (input.name.length < 1 || input.name.length > 100)) {
      issues.push({ path: 'name', message: 'must be 1-100 characters' });
    }
    return issues;
  }

  async createKey(input: CreateKeyInput): Promise<CreatedKey> {
    const issues = this.keyIssues(input);
    if (issues.length > 0) throw invalidRequest(issues);

    const now = this.#clock.now().toISOString();
    let account = await this.#accounts.ensure({
      id: input.accountId,
      apiPlan: input.apiPlan ?? this.#plans.defaultPlan('api'),
      v1Plan: input.v1Plan ?? this.#plans.defaultPlan('v1'),
      createdAt: now,
    });
    if ((input.apiPlan && input.apiPlan !== account.apiPlan) || (input.v1Plan && input.v1Plan !== account.v1Plan)) {
      account = (await this.#accounts.updatePlans(account.id, { apiPlan: input.apiPlan, v1Plan: input.v1Plan })) ?? account;
    }

    const generated = generateApiKey();
    const name = input.name ?? null;
    await this.#apiKeys.insert({
      prefix: generated.prefix,
      accountId: account.id,
      hash: generated.hash,
      name,
      createdAt: now,
      revokedAt: null,
      lastUsedAt: null,
    });
    return {
      key: generated.key,
      prefix: generated.prefix,
      user: account.id,
      name,
      apiPlan: account.apiPlan,
      v1Plan: account.v1Plan,
      createdAt: now,
    };
  }

  /** Everything wrong with a change of plans, listed rather than thrown. */
  planIssues(plans: { apiPlan?: string | undefined; v1Plan?: string | undefined }): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    if (plans.apiPlan === undefined && plans.v1Plan === undefined) issues.push({ path: '', message: 'name a plan to set (plan and/or v1Plan)' });
    this.#checkPlan('api', plans.apiPlan, 'plan', issues);
    this.#checkPlan('v1', plans.v1Plan, 'v1Plan', issues);
    return issues;
  }

  /** Changes an account's plan on either surface; the new limit applies from the next request. */
  async setPlans(accountId: string, plans: { apiPlan?: string | undefined; v1Plan?: string | undefined }): Promise<Account> {
    const issues = this.planIssues(plans);
    if (issues.length > 0) throw invalidRequest(issues);
    const account = await this.#accounts.updatePlans(accountId, { apiPlan: plans.apiPlan, v1Plan: plans.v1Plan });
    if (!account) throw new AppError('not_found', `Account "${accountId}" does not exist`);
    this.#forget((authenticated) => authenticated.account.id === accountId);
    return account;
  }

  /** An account by id, or 404 `not_found` (for the command line, which acts as an account it names). */
  async findAccount(accountId: string): Promise<Account> {
    const account = await this.#accounts.findById(accountId);
    if (!account) throw new AppError('not_found', `Account "${accountId}" does not exist: create it with \`agentapi keys create --user ${accountId}\``);
    return account;
  }

  async listKeys(filter: { accountId?: string } = {}): Promise<ApiKeySummary[]> {
    const records = await this.#apiKeys.list(filter);
    const accountIds = [...new Set(records.map((record) => record.accountId))];
    const accounts = new Map((await Promise.all(accountIds.map((id) => this.#accounts.findById(id)))).flatMap((account) => (account ? [[account.id, account] as const] : [])));
    return records.map((record) => summarize(record, accounts.get(record.accountId)));
  }

  /** The plans accounts can be put on, per surface (for the operator choosing one). */
  planChoices(): Record<PlanSurface, SurfacePlans> {
    const surface = (name: PlanSurface): SurfacePlans => ({
      defaultPlan: this.#plans.defaultPlan(name),
      plans: this.#plans.planIds(name).flatMap((id) => {
        const plan = this.#plans.find(name, id);
        return plan ? [{ id, name: plan.name, dailyLimit: plan.dailyLimit, priceUsdPerMonth: plan.priceUsdPerMonth }] : [];
      }),
    });
    return { api: surface('api'), v1: surface('v1') };
  }

  async revokeKey(prefix: string): Promise<void> {
    const revoked = await this.#apiKeys.revoke(prefix, this.#clock.now().toISOString());
    this.#forget((authenticated) => authenticated.keyPrefix === prefix);
    if (!revoked) throw new AppError('not_found', `No active API key has the prefix "${prefix}"`);
  }

  /** Resolves a bearer token to its account, or fails with 401 `unauthorized`. */
  async authenticate(token: string | undefined): Promise<AuthenticatedAccount> {
    if (!token) throw new AppError('unauthorized', 'Missing bearer token: send Authorization: Bearer <API key>');
    if (looksLikeApiKey(token)) return this.#authenticateApiKey(token);
    if (this.#tokenVerifier && token.split('.').length === 3) return this.#authenticateJwt(this.#tokenVerifier, token);
    throw new AppError('unauthorized', 'Invalid bearer token');
  }

  async #authenticateApiKey(key: string): Promise<AuthenticatedAccount> {
    const now = this.#clock.now().getTime();
    const hash = this.#authCacheMs > 0 ? hashApiKey(key) : '';
    const cached = this.#authCacheMs > 0 ? this.#verified.get(hash) : undefined;
    if (cached && cached.until > now) return cached.authenticated;

    const record = await this.#apiKeys.findByPrefix(apiKeyPrefix(key));
    if (!record || record.revokedAt !== null || !apiKeyMatches(key, record.hash)) {
      throw new AppError('unauthorized', 'Invalid or revoked API key');
    }
    const account = await this.#accounts.findById(record.accountId);
    if (!account) throw new AppError('unauthorized', 'Invalid or revoked API key');
    this.#touch(record);
    const authenticated: AuthenticatedAccount = { account, method: 'api_key', keyPrefix: record.prefix };
    if (this.#authCacheMs > 0) {
      if (this.#verified.size >= authCacheSize) this.#verified.delete(this.#verified.keys().next().value as string);
      this.#verified.set(hash, { authenticated, until: now + this.#authCacheMs });
    }
    return authenticated;
  }

  /** Drops cached verifications, so a revocation or plan change here applies to the next request. */
  #forget(matches: (authenticated: AuthenticatedAccount) => boolean): void {
    for (const [hash, entry] of this.#verified) if (matches(entry.authenticated)) this.#verified.delete(hash);
  }

  async #authenticateJwt(verifier: TokenVerifier, token: string): Promise<AuthenticatedAccount> {
    const verified = await verifier.verify(token);
    // A subject that cannot be an account id (too long, odd characters, a reserved namespace) is refused, never mapped.
    if (!verified || accountIdProblem(verified.subject) !== undefined) throw new AppError('unauthorized', 'Invalid bearer token');
    const account = await this.#accounts.ensure({
      id: verified.subject,
      apiPlan: this.#plans.defaultPlan('api'),
      v1Plan: this.#plans.defaultPlan('v1'),
      createdAt: this.#clock.now().toISOString(),
    });
    return { account, method: 'jwt' };
  }

  #touch(record: ApiKeyRecord): void {
    const now = this.#clock.now();
    const last = this.#lastTouched.get(record.prefix) ?? 0;
    if (now.getTime() - last < touchIntervalMs) return;
    this.#lastTouched.set(record.prefix, now.getTime());
    // Last-used time is informational: a failed write must not fail the request.
    this.#apiKeys.touch(record.prefix, now.toISOString()).catch(() => undefined);
  }

  #checkPlan(surface: PlanSurface, planId: string | undefined, path: string, issues: ValidationIssue[]): void {
    if (planId !== undefined && !this.#plans.find(surface, planId)) {
      issues.push({ path, message: `unknown ${surface} plan "${planId}"; one of: ${this.#plans.planIds(surface).join(', ')}` });
    }
  }
}

function summarize(record: ApiKeyRecord, account: Account | undefined): ApiKeySummary {
  return {
    prefix: record.prefix,
    user: record.accountId,
    name: record.name,
    apiPlan: account?.apiPlan ?? '',
    v1Plan: account?.v1Plan ?? '',
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}
