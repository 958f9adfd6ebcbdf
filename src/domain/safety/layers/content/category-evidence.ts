import type { ContentCategory } from './content-categories.ts';
import type { LexiconList } from './content-lexicon.ts';
import type { ContentSignals } from './content-signals.ts';

type Evidence = Pick<ContentSignals, 'listCounts' | 'addressed' | 'aimed' | 'aimedInsults' | 'masked'>;

const has = (signals: Evidence, list: LexiconList) => signals.listCounts[list] > 0;

/**
 * What a text must hold for a category head's vote to count. The heads learn which harm a flagged text is
 * from public data whose categories follow the source more than the text (Davidson's tweets are
 * "offensive", Surge's comments "toxic"), and on a short text they vote on word fragments. So a head names
 * its category only when the text has something of that category in it: someone to harass, a group to
 * hate, words of violence, self-harm or sex, a child next to sexual words, a swear word. The phrase rules
 * decide their categories on their own.
 */
const evidenceFor: Readonly<Record<ContentCategory, ((signals: Evidence) => boolean) | undefined>> = {
  harassment: (signals) => signals.addressed || signals.aimed > 0 || has(signals, 'insult') || has(signals, 'slur'),
  hate: (signals) => has(signals, 'group') || has(signals, 'slur'),
  violent_crimes: (signals) => has(signals, 'violence'),
  self_harm: (signals) => has(signals, 'selfHarm'),
  sexual_content: (signals) => has(signals, 'sexual'),
  child_sexual_exploitation: (signals) => has(signals, 'minor') && has(signals, 'sexual'),
  profanity: (signals) => has(signals, 'profanity') || has(signals, 'ambiguous') || has(signals, 'reclaimed') || signals.masked > 0,
  non_violent_crimes: undefined,
  sex_related_crimes: undefined,
  defamation: undefined,
  specialized_advice: undefined,
  privacy: undefined,
  intellectual_property: undefined,
  indiscriminate_weapons: undefined,
  elections: undefined,
  code_interpreter_abuse: undefined,
  // Not a head's category: named only by support-sought.ts.
  crisis: undefined,
};

/** Whether the text backs the category; a category without a test is always backed. */
export function hasEvidenceFor(category: ContentCategory, signals: Evidence): boolean {
  return evidenceFor[category]?.(signals) ?? true;
}

/** Categories a flagged text's words settle whatever the heads say: an insult aimed at the reader is harassment. */
export function categoriesSettledByWords(signals: Evidence): ContentCategory[] {
  return signals.aimedInsults > 0 ? ['harassment'] : [];
}
