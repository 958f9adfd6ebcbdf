import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Account } from '../../ports/account-repository.ts';

/** Who sent an MCP message, as the HTTP request carrying it was authenticated. */
export interface McpCaller {
  account: Account;
  /** The HTTP request's id: runs started by the message carry it, as they would on /api. */
  requestId: string;
}

/**
 * The caller as the SDK hands it to handlers (`extra.authInfo`). Each HTTP request is authenticated
 * afresh, so a handler sees the account as it is now (a plan changed mid-session applies at once). The key
 * itself is not kept: handlers need the account, never the secret.
 */
export function authInfoOf(caller: McpCaller): AuthInfo {
  return { token: '', clientId: caller.account.id, scopes: [], extra: { caller } };
}

/** The caller of a handler; a message that reached one without an authenticated request is a wiring mistake. */
export function callerOf(extra: { authInfo?: AuthInfo | undefined }): McpCaller {
  const caller = extra.authInfo?.extra?.caller as McpCaller | undefined;
  if (!caller || typeof caller.account?.id !== 'string') throw new Error('an MCP message reached a handler without an authenticated caller');
  return caller;
}
