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
  const found: PiiCandidate[][] = [findSecrets(text)];
  if (text.includes('@')) found.push(findEmails(text));
  // Every other type holds digits; most prose has few, and text without any is done.
  if (/\d/.test(text)) found.push(findIbans(text), findCards(text), findSsns(text), findIps(text), findPhones(text));
  // Joined in one copy: spreading thousands of candidates into push() passes each as an argument.
  const candidates = found.flat();
  if (candidates.length === 0) return [];
  const findings: PiiFinding[] = [];
  const context = new ContextScorer(text);
  for (const { type, start, end, score: base } of candidates) {
    const score = Math.min(1, Math.max(0, base + context.adjustment(type, start, end)));
    if (score >= thresholds[type]) findings.push({ type, start, end, score: Math.round(score * 100) / 100 });
  }
  return withoutOverlaps(findings);
}

/**
 * One character belongs to at most one finding: the higher score wins, then the more specific type (a card
 * number is not also a phone number), then the longer match. Linear in the characters the findings cover:
 * each finding, best first, is kept when none of its characters is taken yet, and then takes them.
 */
export function withoutOverlaps(findings: PiiFinding[]): PiiFinding[] {
  const apart = inOrderWhenApart(findings);
  if (apart !== undefined) return apart;
  const ranked = [...findings].sort(
    (a, b) => b.score - a.score || specificity[b.type] - specificity[a.type] || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  let textEnd = 0;
  for (const finding of findings) textEnd = Math.max(textEnd, finding.end);
  const taken = new Uint8Array(textEnd);
  const kept: PiiFinding[] = [];
  for (const finding of ranked) {
    if (isTaken(taken, finding.start, finding.end)) continue;
    taken.fill(1, finding.start, finding.end);
    kept.push(finding);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function isTaken(taken: Uint8Array, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (taken[index] === 1) return true;
  return false;
}

/**
 * The findings in order of start when no two of them share a character or a start, as most findings of a
 * text are: then every one is kept, and ranking them all first is not needed. Undefined otherwise. Each
 * recognizer gives its findings in order, so the sort by start merges a few sorted runs.
 */
function inOrderWhenApart(findings: readonly PiiFinding[]): PiiFinding[] | undefined {
  const byStart = [...findings].sort((a, b) => a.start - b.start);
  for (let index = 1; index < byStart.length; index += 1) {
    const previous = byStart[index - 1];
    const finding = byStart[index];
    if (previous === undefined || finding === undefined || previous.end > finding.start || previous.start === finding.start) return undefined;
  }
  return byStart;
}
