/** The end of a "does not exist" message naming the closest ids, or nothing when none is close. */
export function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length === 0 ? '' : `; did you mean ${suggestions.map((id) => `"${id}"`).join(', ')}?`;
}
