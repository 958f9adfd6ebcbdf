import { createHash } from 'node:crypto';

/** What an account id may be: API keys are created for one, a JWT's subject becomes one. */
const accountIdPattern = /^[\w.@:|+-]{1,200}$/;

/**
 * Prefixes of the ids that callers without an account are filed under: the free tier keeps an anonymous
 * caller's conversations as `anonymous:<hash of the address>`. No account may take such an id, or it would
 * read and write their state. Compared without case, so no look-alike passes either.
 */
const anonymousPrefix = 'anonymous:';

export const reservedAccountPrefixes = [anonymousPrefix] as const;

/** The id anonymous callers' state (conversations) is kept under: a hash of who they are, never their address. */
export function anonymousAccountId(owner: string | undefined): string {
  return `${anonymousPrefix}${createHash('sha256').update(owner ?? 'unknown').digest('hex').slice(0, 24)}`;
}

/** Why `id` cannot name an account, or undefined when it can. */
export function accountIdProblem(id: string): string | undefined {
  if (!accountIdPattern.test(id)) return 'must be 1-200 characters: letters, digits and . _ @ : | + -';
  const lowered = id.toLowerCase();
  const reserved = reservedAccountPrefixes.find((prefix) => lowered.startsWith(prefix));
  return reserved === undefined ? undefined : `must not start with "${reserved}": it is reserved for callers without an account`;
}
