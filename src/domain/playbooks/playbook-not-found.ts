import { AppError } from '../errors.ts';
import { closestIds } from '../search/fuzzy-match.ts';
import { didYouMean } from '../search/did-you-mean.ts';

/** 404 `playbook_not_found` with every playbook id and the closest ones (`suggestions`). */
export function playbookNotFound(playbookId: string, ids: readonly string[]): AppError {
  const suggestions = closestIds(playbookId, ids);
  return new AppError('playbook_not_found', `Playbook "${playbookId}" does not exist${didYouMean(suggestions)}`, { available: ids, suggestions });
}
