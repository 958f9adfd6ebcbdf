import { isWhitespace, oneOf, trimEnd } from '../../../shared/text-scanning.ts';

/** What the sandbox knows about a task: the words it can build deterministic output from. */
export interface PromptSubject {
  /** The task's first line, shortened: what the output is about. */
  topic: string;
  /** Distinct meaningful words of the task, in order of appearance. */
  keywords: string[];
  /** Details sent as structured fields (`- name: value` lines), by field name. */
  details: Record<string, string>;
  /** A seed derived from the whole task, so the same task always gives the same output. */
  seed: number;
}

const stopWords = new Set(
  `a an and are as at be but by for from has have in into is it its of on or our that the their them these this those to
  was were will with within without you your we i me my can could should would please make give find write create build
  generate about based using use need want like some any all more most less than then them they what which who how when
  where why do does did done get got over under per via each every also just only into onto up down out off new details
  task agent provide list show tell help hi hello hey thanks thank dear last next week today yesterday tomorrow
  day days month year has had not did been being am i'm it's let know sure okay ok yes`.split(/\s+/),
);

export function describePrompt(prompt: string): PromptSubject {
  const [taskPart, detailPart] = splitAtDetails(prompt);
  const details: Record<string, string> = {};
  for (const line of detailPart.split('\n')) {
    const match = /^- ([\w-]+): (.*)$/.exec(line.trim());
    if (match?.[1] && match[2]) details[match[1]] = match[2].trim();
  }
  const firstLine = taskPart.trim().split('\n')[0]?.trim() ?? '';
  // The first sentence, without a greeting: "Hi, I ordered a sofa…" is about "I ordered a sofa…".
  const firstSentence = (firstLine.split(/(?<=[.?!])\s+/)[0] ?? '').replace(/^(hi|hello|hey|dear [^,]+|good (morning|afternoon|evening))[,!.\s]+/i, '');
  const topic = shorten(trimEnd(firstSentence, oneOf('.?!:;')), 90) || Object.values(details).join(' ').slice(0, 90) || 'your request';
  const words = `${taskPart} ${Object.values(details).join(' ')}`.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const keywords = [...new Set(words.filter((word) => word.length > 2 && !stopWords.has(word)))].slice(0, 24);
  return { topic, keywords: keywords.length > 0 ? keywords : ['general'], details, seed: hash(prompt) };
}

const detailsMarker = 'Details:';

/** The task and its details: the text before and after the first "Details:" line, up to a second one. */
function splitAtDetails(prompt: string): [string, string] {
  const first = detailsSeparator(prompt, 0);
  if (first === undefined) return [prompt, ''];
  const second = detailsSeparator(prompt, first[1]);
  return [prompt.slice(0, first[0]), prompt.slice(first[1], second?.[0] ?? prompt.length)];
}

/**
 * Where the first separator from `from` on lies, as [start, end): "Details:" with a line break in the
 * whitespace before it and in the whitespace after it, as `/\n\s*Details:\s*\n/` finds it. Each check
 * reads only the whitespace around one "Details:", so the search is linear in the prompt (that pattern
 * restarts from every line break of a long blank stretch).
 */
function detailsSeparator(text: string, from: number): [number, number] | undefined {
  for (let at = text.indexOf(detailsMarker, from); at >= 0; at = text.indexOf(detailsMarker, at + 1)) {
    let before = at;
    while (before > from && isWhitespace(text.charCodeAt(before - 1))) before -= 1;
    let start = before;
    while (start < at && text.charCodeAt(start) !== 10) start += 1;
    const afterMarker = at + detailsMarker.length;
    let after = afterMarker;
    while (after < text.length && isWhitespace(text.charCodeAt(after))) after += 1;
    let end = after;
    while (end > afterMarker && text.charCodeAt(end - 1) !== 10) end -= 1;
    if (start < at && end > afterMarker) return [start, end];
  }
  return undefined;
}

/** FNV-1a with a final avalanche step, 32 bits: stable, fast, and a one-character change moves every bit. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}

function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trim();
}
