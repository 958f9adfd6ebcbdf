import { collectStrings } from '../../text/request-strings.ts';

/** An agent's output as the output layers see it. */
export interface OutputSubject {
  /** The output after the agent's tools, without the `model` field. */
  output: Record<string, unknown>;
  /** The task as the model saw it. */
  prompt: string;
  /** Whether the output satisfies the agent's public schema. */
  schemaValid: boolean;
}

export interface QualityScore {
  /** 0–1, the weighted mean of the checks. */
  score: number;
  /** Checks that scored below one half. */
  failed: string[];
}

const refusal = /\b(?:i(?:'m| am) sorry,? but|i can(?:no|')t (?:help|assist|comply|provide)|i(?:'m| am) (?:not able|unable) to|as an ai(?: language model)?|i must decline|i won't be able to)\b/i;
const wordPattern = /[\p{L}\p{N}]{4,}/gu;
const commonWords = new Set(['this', 'that', 'with', 'from', 'have', 'will', 'your', 'what', 'about', 'which', 'their', 'there', 'would', 'should', 'could', 'please', 'write', 'give', 'make', 'them', 'they', 'into', 'more', 'than', 'each', 'also', 'been']);

/**
 * Layer 4, deterministic: how usable an output is, from checks that need no model. Weights favour what
 * makes an output useless outright (wrong shape, nothing in it, a refusal) over what makes it weaker.
 */
export function scoreQuality(subject: OutputSubject): QualityScore {
  const texts = collectStrings(subject.output).map((entry) => entry.text);
  const joined = texts.join('\n');
  const checks: [name: string, weight: number, value: number][] = [
    ['schema', 0.25, subject.schemaValid ? 1 : 0],
    ['empty', 0.2, emptiness(subject.output)],
    ['refusal', 0.15, refusal.test(joined) ? 0 : 1],
    ['repetition', 0.1, repetition(joined)],
    ['truncation', 0.1, texts.some(truncated) ? 0 : 1],
    ['relevance', 0.1, relevance(subject.prompt, joined)],
    ['length', 0.1, Math.min(1, joined.trim().length / 40)],
  ];
  const score = checks.reduce((sum, [, weight, value]) => sum + weight * value, 0);
  return { score: Math.round(score * 1000) / 1000, failed: checks.filter(([, , value]) => value < 0.5).map(([name]) => name) };
}

/** The share of top-level fields that hold something. */
function emptiness(output: Record<string, unknown>): number {
  const values = Object.values(output);
  if (values.length === 0) return 0;
  const filled = values.filter((value) => !(value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'string' && value.trim() === '')));
  return filled.length / values.length;
}

/** 1 when no sentence repeats; falls as the same sentences come back. */
function repetition(text: string): number {
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim().toLowerCase())
    .filter((sentence) => sentence.length > 20);
  if (sentences.length < 3) return 1;
  const repeated = sentences.length - new Set(sentences).size;
  return Math.max(0, 1 - (2 * repeated) / sentences.length);
}

const cutShort = /(?:\.\.\.|…|,|\b(?:and|or|the|a|an|of|to|with|for|in|on|that|which|but|because))\s*$/i;

/** A long text that trails off, or stops on a word that cannot end a sentence, was cut short. */
function truncated(text: string): boolean {
  return text.length >= 200 && cutShort.test(text);
}

/** How many of the task's content words the output picks up, enough of them counting as full marks. */
function relevance(prompt: string, output: string): number {
  const taskWords = contentWords(prompt);
  if (taskWords.size < 3) return 1;
  const outputWords = contentWords(output);
  let shared = 0;
  for (const word of taskWords) if (outputWords.has(word)) shared += 1;
  return Math.min(1, shared / Math.min(5, taskWords.size * 0.3));
}

function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(wordPattern) ?? []).filter((word) => !commonWords.has(word)));
}
