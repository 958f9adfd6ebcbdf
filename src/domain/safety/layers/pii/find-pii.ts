import { findCards } from './card-recognizer.ts';
import { ContextScorer } from './context-scoring.ts';
import { findEmails } from './email-recognizer.ts';
import { findIbans } from './iban-recognizer.ts';
import { findIps } from './ip-recognizer.ts';
import { findPhones } from './phone-recognizer.ts';
import { specificity, thresholds, type PiiCandidate, type PiiFinding } from './pii-finding.ts';
import { findSecrets } from './secret-recognizer.ts';
import { findSsns } from './ssn-recognizer.ts';

export type { PiiFinding, PiiType } from './pii-finding.ts';

/**
 * Every piece of PII in `text`: validated candidates from each recognizer, scored with the words around
 * them, kept when they reach their type's threshold, and made non-overlapping (sorted by start).
 */
export function findPii(text: string): PiiFinding[] {
  const candidates: PiiCandidate[] = [...findSecrets(text)];
  if (text.includes('@')) candidates.push(...findEmails(text));
  // Every other type holds digits; most prose has few, and text without any is done.
  if (/\d/.test(text)) {
    candidates.push(...findIbans(text), ...findCards(text), ...findSsns(text), ...findIps(text), ...findPhones(text));
  }
  if (candidates.length === 0) return [];
  const findings: PiiFinding[] = [];
  const context = new ContextScorer(text);
  for (const candidate of candidates) {
    const adjustment = context.adjustment(candidate.type, candidate.start, candidate.end);
    const score = Math.min(1, Math.max(0, candidate.score + adjustment));
    if (score >= thresholds[candidate.type]) findings.push({ ...candidate, score: Math.round(score * 100) / 100 });
  }
  return withoutOverlaps(findings);
}

/**
 * One character belongs to at most one finding: the higher score wins, then the more specific type (a card
 * number is not also a phone number), then the longer match.
 */
function withoutOverlaps(findings: PiiFinding[]): PiiFinding[] {
  const ranked = [...findings].sort(
    (a, b) => b.score - a.score || specificity[b.type] - specificity[a.type] || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  // Kept in order of start; being disjoint, also in order of end, so the one kept finding a new one could
  // overlap first is found by binary search (the first whose end lies past the new one's start).
  const kept: PiiFinding[] = [];
  for (const finding of ranked) {
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((kept[middle]?.end ?? 0) <= finding.start) low = middle + 1;
      else high = middle;
    }
    const next = kept[low];
    if (next === undefined || finding.end <= next.start) kept.splice(low, 0, finding);
  }
  return kept;
}
