/**
 * What the content layer reports: the MLCommons hazard taxonomy as Llama Guard 3 numbers it (S1–S14), as
 * readable ids, plus three categories that are not hazards: `harassment` (blocked, like a hazard),
 * `profanity` (reported, never refused on its own: business users swear) and `crisis` (reported, never
 * refused: a person who says they think of ending their life and asks for support, see support-sought.ts).
 */
export const hazardCategoryByCode = {
  S1: 'violent_crimes',
  S2: 'non_violent_crimes',
  S3: 'sex_related_crimes',
  S4: 'child_sexual_exploitation',
  S5: 'defamation',
  S6: 'specialized_advice',
  S7: 'privacy',
  S8: 'intellectual_property',
  S9: 'indiscriminate_weapons',
  S10: 'hate',
  S11: 'self_harm',
  S12: 'sexual_content',
  S13: 'elections',
  S14: 'code_interpreter_abuse',
} as const;

export type HazardCategory = (typeof hazardCategoryByCode)[keyof typeof hazardCategoryByCode];
export type ContentCategory = HazardCategory | 'harassment' | 'profanity' | 'crisis';

export const hazardCategories: readonly HazardCategory[] = Object.values(hazardCategoryByCode);
export const contentCategories: readonly ContentCategory[] = [...hazardCategories, 'harassment', 'profanity', 'crisis'];

/** Categories the layer refuses; everything except profanity and crisis. */
export function isBlockingCategory(category: ContentCategory): boolean {
  return category !== 'profanity' && category !== 'crisis';
}

/**
 * The development data's own category codes, as this layer's categories:
 * - OpenAI moderation: `S` sexual → sexual_content; `S3` sexual/minors → child_sexual_exploitation (and
 *   sexual_content); `H` hate → hate; `H2` hate/threatening → hate and violent_crimes (a threat of
 *   violence); `V` violence and `V2` graphic violence → violent_crimes (the nearest hazard: the data marks
 *   depictions of violence, Llama Guard marks enabling or threatening it); `HR` harassment → harassment;
 *   `SH` self-harm → self_harm.
 * - Davidson: `hate` → hate; `offensive` (mostly profanity and slurs in tweets) → profanity.
 * - Surge toxicity has no codes; a toxic row (insults, abuse at people) → harassment.
 * - The harmful requests of the second data set carry one coarse category each: `violence` → violent_crimes;
 *   `cyber`, `fraud`, `illegal_activity` → non_violent_crimes (Llama Guard's S2 holds cyber crime, fraud and
 *   other crimes); `hate_harassment` → hate (mostly stereotypes about groups); `privacy` → privacy;
 *   `child_safety` (abuse and neglect of children, seldom sexual) → violent_crimes; `sexual` →
 *   sexual_content; `self_harm` → self_harm; `other_harm` and `misinformation` (a keyword fallback, mostly
 *   scams, manipulation and false claims) → non_violent_crimes.
 */
const categoriesByDataCode: Readonly<Record<string, readonly ContentCategory[]>> = {
  S: ['sexual_content'],
  S3: ['child_sexual_exploitation', 'sexual_content'],
  H: ['hate'],
  H2: ['hate', 'violent_crimes'],
  V: ['violent_crimes'],
  V2: ['violent_crimes'],
  HR: ['harassment'],
  SH: ['self_harm'],
  hate: ['hate'],
  offensive: ['profanity'],
  violence: ['violent_crimes'],
  cyber: ['non_violent_crimes'],
  fraud: ['non_violent_crimes'],
  illegal_activity: ['non_violent_crimes'],
  hate_harassment: ['hate'],
  privacy: ['privacy'],
  child_safety: ['violent_crimes'],
  sexual: ['sexual_content'],
  self_harm: ['self_harm'],
  other_harm: ['non_violent_crimes'],
  misinformation: ['non_violent_crimes'],
};

/** The categories of one labelled row, sorted; a flagged row without codes counts as harassment. */
export function categoriesOfDataRow(row: { flagged: boolean; categories: readonly string[] }): ContentCategory[] {
  if (!row.flagged) return [];
  const found = new Set<ContentCategory>();
  for (const code of row.categories) {
    const mapped = categoriesByDataCode[code];
    if (!mapped) throw new Error(`unknown content category code "${code}"`);
    for (const category of mapped) found.add(category);
  }
  if (found.size === 0) found.add('harassment');
  return [...found].sort();
}
