// The operator's routes behind ADMIN_TOKEN, typed from the generated client (type-only imports: erased by the build).
import type { CreateApiKeyData, CreateApiKeyResponse, ListApiKeysResponse, UpdateAccountData, UpdateAccountResponse } from '../../../packages/client/src/generated/types.gen.ts';
import { ApiError, callApi } from '../app/api.ts';

export type ApiKeySummary = ListApiKeysResponse['data'][number];
export type CreatedKey = CreateApiKeyResponse['data'];
export type NewKey = CreateApiKeyData['body'];
export type PlanChange = UpdateAccountData['body'];
export type AccountPlans = UpdateAccountResponse['data'];

export async function listApiKeys(options: { user?: string | undefined; signal?: AbortSignal | undefined }): Promise<ApiKeySummary[]> {
  const response = await callApi<ListApiKeysResponse>('/api/admin/keys', { auth: 'admin', query: { user: options.user }, signal: options.signal });
  return response.body.data;
}

export async function createApiKey(body: NewKey, signal: AbortSignal): Promise<CreatedKey> {
  const response = await callApi<CreateApiKeyResponse>('/api/admin/keys', { auth: 'admin', method: 'POST', body, signal });
  return response.body.data;
}

export async function revokeApiKey(prefix: string, signal: AbortSignal): Promise<void> {
  await callApi(`/api/admin/keys/${encodeURIComponent(prefix)}`, { auth: 'admin', method: 'DELETE', signal });
}

export async function changePlans(user: string, body: PlanChange, signal: AbortSignal): Promise<AccountPlans> {
  const response = await callApi<UpdateAccountResponse>(`/api/admin/accounts/${encodeURIComponent(user)}`, { auth: 'admin', method: 'PATCH', body, signal });
  return response.body.data;
}

export interface PlanIds {
  api: string[];
  v1: string[];
}

/**
 * The plan ids the service accepts on each surface. The API has no route that lists them (they live in the
 * service's config/plans.yaml), but it names them when it refuses an unknown one: a change to the empty plan
 * is refused by validation before anything is read or written, with "one of: free, starter, …" per surface.
 * Undefined when the answer is not that refusal, and the form then takes a plan id as text.
 */
export async function acceptedPlanIds(signal: AbortSignal): Promise<PlanIds | undefined> {
  try {
    await callApi('/api/admin/accounts/plan-ids', { auth: 'admin', method: 'PATCH', body: { plan: '', v1Plan: '' }, signal });
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) return undefined;
    const issues = (error.body as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues ?? [];
    const listed = (path: string): string[] => {
      const message = issues.find((issue) => issue.path === path)?.message;
      const ids = typeof message === 'string' ? /one of: (.+)$/.exec(message)?.[1] : undefined;
      return ids ? ids.split(',').map((id) => id.trim()).filter((id) => /^[a-z][a-z0-9-]*$/.test(id)) : [];
    };
    const plans = { api: listed('plan'), v1: listed('v1Plan') };
    return plans.api.length > 0 && plans.v1.length > 0 ? plans : undefined;
  }
}
