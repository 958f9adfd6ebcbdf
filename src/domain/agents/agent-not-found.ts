import { AppError } from '../errors.ts';
import { closestIds } from '../search/fuzzy-match.ts';
import { didYouMean } from '../search/did-you-mean.ts';
import type { ApiSurface } from './agent.ts';

/** 404 `agent_not_found` with every valid id for the surface and the closest ones (`suggestions`). */
export function agentNotFound(catalog: { ids(surface: ApiSurface): readonly string[] }, agentId: string, surface: ApiSurface): AppError {
  const available = catalog.ids(surface);
  const suggestions = closestIds(agentId, available);
  return new AppError('agent_not_found', `Agent "${agentId}" does not exist${didYouMean(suggestions)}`, { available, suggestions });
}
