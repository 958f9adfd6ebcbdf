import type { TaskCategory } from '../agents/agent-definition.ts';

/** What the router knows about a task: the agent's declared category and what the prompt shows. */
export interface TaskProfile {
  category: TaskCategory;
  /** About four characters per token, plus the agent's instructions and schema. */
  estimatedInputTokens: number;
  signals: {
    code: boolean;
    math: boolean;
    /** Mostly non-Latin script, or common non-English words: prefer strong multilingual models. */
    nonEnglish: boolean;
    longInput: boolean;
  };
  /** Categories the task also touches, from its signals: models suited to them score higher. */
  alsoSuits: TaskCategory[];
}

const codePattern = /```|\b(function|const|let|var|def|class|import|return|public static|SELECT|INSERT INTO|#include)\b|=>|[{};]\s*$|<\/?[a-z]+>/m;
const mathPattern = /\d\s*[-+*/^=]\s*\d|\b(calculate|compute|equation|integral|derivative|probability|percent(age)?|sum of|average|ratio|forecast)\b|[∑∫√π≈≤≥]/i;
const commonNonEnglishWords = /\b(der|die|und|nicht|ist|el|los|las|una|para|est|les|des|une|pour|che|della|sono|não|uma|het|een|och|för)\b/gi;
/** Longer than this, the task needs a long-context model (most models take about 128k tokens). */
const longInputTokens = 100_000;

export function classifyTask(category: TaskCategory, prompt: string, overheadCharacters: number): TaskProfile {
  const estimatedInputTokens = Math.ceil((prompt.length + overheadCharacters) / 4);
  const sample = prompt.slice(0, 20_000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  const latin = sample.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const words = sample.split(/\s+/).length;
  const foreignWords = sample.match(commonNonEnglishWords)?.length ?? 0;
  const signals = {
    code: codePattern.test(sample),
    math: mathPattern.test(sample),
    nonEnglish: (letters > 20 && latin / letters < 0.5) || (words > 8 && foreignWords / words > 0.08),
    longInput: estimatedInputTokens > longInputTokens,
  };
  const alsoSuits: TaskCategory[] = [];
  if (signals.code && category !== 'code') alsoSuits.push('code');
  if (signals.math && category !== 'reasoning') alsoSuits.push('reasoning');
  if (signals.nonEnglish && category !== 'translation') alsoSuits.push('translation');
  return { category, estimatedInputTokens, signals, alsoSuits };
}

/** A category for a task that names no agent: what its prompt shows, else general writing. */
export function inferCategory(prompt: string): TaskCategory {
  const sample = prompt.slice(0, 20_000);
  if (codePattern.test(sample)) return 'code';
  if (mathPattern.test(sample)) return 'reasoning';
  if (/\b(translate|translation|in (french|german|spanish|italian|portuguese|japanese|chinese))\b/i.test(sample)) return 'translation';
  if (/\b(summari[sz]e|tl;?dr|key points)\b/i.test(sample)) return 'summarization';
  if (/\b(classify|categori[sz]e|label|sentiment)\b/i.test(sample)) return 'classification';
  if (/\b(extract|pull out|parse)\b/i.test(sample)) return 'extraction';
  return 'writing';
}
