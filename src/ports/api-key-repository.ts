export interface ApiKeyRecord {
  /** The public part of the key, shown in listings and used to revoke it (e.g. `ak_live_3fQx9KpL2mZa`). */
  prefix: string;
  accountId: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  hash: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface ApiKeyRepository {
  insert(record: ApiKeyRecord): Promise<void>;
  findByPrefix(prefix: string): Promise<ApiKeyRecord | undefined>;
  list(filter: { accountId?: string }): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; returns false when no active key has that prefix. */
  revoke(prefix: string, revokedAt: string): Promise<boolean>;
  touch(prefix: string, usedAt: string): Promise<void>;
}
