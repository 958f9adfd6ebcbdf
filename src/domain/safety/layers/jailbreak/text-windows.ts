import type { RuleMatch } from './jailbreak-rules.ts';

/** Texts up to this many characters are scored whole: one instruction, one request, one short message. */
export const wholeTextLength = 512;
/** Longer texts are scored in windows of about this many characters: a planted instruction fits in one. */
export const windowLength = 384;
/** Each window starts half a window after the last, so an instruction cut by one window's edge is whole in the next. */
const stride = windowLength / 2;
/** How far a window's edge may move to fall between words instead of inside one. */
const edgeSlack = 48;

/**
 * The [start, end) windows a text is scored in: the whole text when it is short, else overlapping windows
 * of about 384 characters whose edges fall on whitespace where there is some nearby. The number of
 * windows grows linearly with the length, and every character is in one or two of them.
 */
export function scoringWindows(text: string): [start: number, end: number][] {
  if (text.length <= wholeTextLength) return [[0, text.length]];
  const windows: [number, number][] = [];
  let start = 0;
  for (;;) {
    let end = start + windowLength;
    if (end >= text.length - edgeSlack) {
      windows.push([start, text.length]);
      return windows;
    }
    end = afterWhitespace(text, end - edgeSlack, end, -1) ?? end;
    windows.push([start, end]);
    const next = start + stride;
    start = afterWhitespace(text, next, next + edgeSlack, 1) ?? next;
  }
}

/** The position just after a whitespace character between `from` and `to`, searched in `direction`; undefined when there is none. */
function afterWhitespace(text: string, from: number, to: number, direction: 1 | -1): number | undefined {
  for (let index = direction === 1 ? from : to - 1; index >= from && index < to; index += direction) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10 || code === 9 || code === 13) return index + 1;
  }
  return undefined;
}

/**
 * Rules whose match reads as an instruction addressed to the model: the sentence around each such match in
 * a long text is scored on its own too.
 */
const instructionRules = new Set(
  ['override', 'override_de', 'override_fr_es', 'override_other', 'new_task', 'prompt_leak', 'system_spoof', 'say_exactly', 'addressed_to_model', 'exfiltration', 'secrets_asked', 'task_override', 'user_steering'].map(
    (name) => `rule:${name}`,
  ),
);
/** How far a sentence reaches before and after the words that matched. */
const sentenceReach = 160;
/** At most this many sentences of one text are read on their own; the windows still read all of it. */
const mostSentences = 48;

/**
 * The [start, end) of each sentence (or line) of the text holding an instruction-like match, each once, in
 * order: from the sentence end or line break before the match (at most 160 characters back) to the one
 * after it (at most 160 characters on). Linear: each match is looked at once, within a bounded reach.
 */
export function instructionSentences(text: string, matches: readonly RuleMatch[]): [start: number, end: number][] {
  // A quoted example ("attacks like \"ignore previous instructions\"") is talked about, not given: it is
  // read in its window with the text around it, not on its own.
  const quoted = new Set(matches.filter((match) => match.feature === 'rule:quoted_example').map((match) => match.start));
  const starts = matches.filter((match) => instructionRules.has(match.feature) && !quoted.has(match.start)).sort((a, b) => a.start - b.start);
  const sentences: [number, number][] = [];
  let lastEnd = -1;
  for (const match of starts) {
    if (match.start < lastEnd) continue;
    let start = sentenceStart(text, match.start);
    while (start < match.start && text.charCodeAt(start) === 32) start += 1;
    const end = sentenceEnd(text, Math.max(match.end, start));
    sentences.push([start, end]);
    lastEnd = end;
    if (sentences.length >= mostSentences) break;
  }
  return sentences;
}

/** Sentence-ending punctuation, Latin and CJK. */
function endsSentence(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 0x3002 || code === 0xff01 || code === 0xff1f;
}

function sentenceStart(text: string, from: number): number {
  const limit = Math.max(0, from - sentenceReach);
  for (let index = from - 1; index >= limit; index -= 1) {
    const code = text.charCodeAt(index);
    if (code === 10) return index + 1;
    if (endsSentence(code) && (code > 127 || index + 1 >= from || text.charCodeAt(index + 1) === 32)) return index + 1;
  }
  return limit;
}

function sentenceEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + sentenceReach);
  for (let index = from; index < limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 10) return index;
    if (endsSentence(code)) return index + 1;
  }
  return limit;
}
