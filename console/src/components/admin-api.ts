// The operator's routes behind ADMIN_TOKEN, typed from the generated client (type-only imports: erased by the build).
import type { CreateApiKeyData, CreateApiKeyResponse, ListApiKeysResponse, ListPlansResponse, UpdateAccountData, UpdateAccountResponse } from '../../../packages/client/src/generated/types.gen.ts';
import { callApi } from '../app/api.ts';

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

export type PlanChoices = ListPlansResponse['data'];

/** GET /api/admin/plans: the plans each surface accepts (config/plans.yaml), and the one new accounts get. */
export async function listPlans(signal: AbortSignal): Promise<PlanChoices> {
  const response = await callApi<ListPlansResponse>('/api/admin/plans', { auth: 'admin', signal });
  return response.body.data;
}
