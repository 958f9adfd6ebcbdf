import { performance } from 'node:perf_hooks';
import { isLayerOff, withLayerPolicy } from './layer-modes.ts';
import type { LayerReport, SafetyPolicy, ScannedString, TextSafetyLayer } from './safety-layer.ts';
import { scannedString } from './scanned-string.ts';

/** Text a tool brought in from outside the service, under the tool's name. */
export interface FetchedText {
  source: string;
  text: string;
}

export interface ToolTextScreening {
  /** The jailbreak and PII layers' reports, stage `tool`. */
  reports: LayerReport[];
  /** Each text as the model may see it: injected passages removed, PII redacted per the policy. */
  texts: string[];
  /** Set when the policy refuses runs whose fetched text carries instructions (`toolInjection: block`). */
  blocked?: { layer: 'jailbreak'; categories: string[] };
}

/** Passages are scanned on their own this long at most: a planted instruction is short. */
const passageCharacters = 800;
/** Past this many passages a text carrying an attack is dropped whole rather than searched through. */
const maxPassages = 80;

export const removedPassage = '[passage withheld by the safety screen]';
export const removedText = '[text withheld by the safety screen]';

/**
 * Screens text fetched by tools as untrusted data, before any model sees it. The jailbreak layer looks for
 * instructions planted in it (prompt injection): by default the passages that carry them are removed and
 * the run goes on without them (verdict `redact`), or the whole text when the attack cannot be pinned to
 * passages; with `toolInjection: block` the run is refused, with `flag` the text goes on as it is and the
 * report says `flag`, with `off` the jailbreak layer does not read it. The agent's jailbreak threshold, when
 * set, decides what counts as an attack here too. The PII layer then redacts what the agent's
 * policy keeps from models (never refusing: the caller did not write this text).
 */
export async function screenToolText(layers: { jailbreak: TextSafetyLayer; pii: TextSafetyLayer }, fetched: readonly FetchedText[], policy: SafetyPolicy): Promise<ToolTextScreening> {
  const context = { stage: 'tool' as const, policy };
  const reports: LayerReport[] = [];
  let texts = fetched.map((entry) => entry.text);

  let started = performance.now();
  if (!isLayerOff(policy, 'jailbreak', 'tool')) {
    const scan = async (strings: readonly ScannedString[]) => withLayerPolicy('jailbreak', 'tool', (await layers.jailbreak.scan(strings, context)).report, policy);
    const whole = await scan(fetched.map((entry) => scannedString(`tool.${entry.source}`, entry.text)));
    const injection = policy.toolInjection ?? 'strip';
    if (whole.verdict !== 'block') {
      reports.push(report('jailbreak', whole, started));
    } else if (injection === 'block') {
      reports.push(report('jailbreak', whole, started));
      return { reports, texts, blocked: { layer: 'jailbreak', categories: whole.categories } };
    } else if (injection === 'flag') {
      reports.push(report('jailbreak', { ...whole, verdict: 'flag' }, started));
    } else {
      const attacked = async (text: string) => (await scan([scannedString('tool', text)])).verdict === 'block';
      // One text read whole was just scored: its verdict is the whole's, and a long text is not read twice.
      const wholeVerdict = texts.length === 1 ? true : undefined;
      texts = await Promise.all(texts.map((text) => withoutInjection(text, attacked, wholeVerdict)));
      reports.push(report('jailbreak', { ...whole, verdict: 'redact' }, started));
    }
  }

  started = performance.now();
  const pii = await layers.pii.scan(
    texts.map((text, index) => scannedString(`tool.${fetched[index]?.source ?? index}`, text)),
    context,
  );
  reports.push(report('pii', pii.report, started));
  if (pii.rewritten) texts = texts.map((text, index) => pii.rewritten?.[index] ?? text);
  return { reports, texts };
}

/**
 * The text without what carries an attack: passages of about `passageCharacters` are read on their own,
 * and in a passage that scores as an attack each line is read too, so that only the lines carrying it go
 * (or the passage, when no single line does). Nothing is left when the attack only shows read whole.
 * `known`: whether the whole text scores as an attack, when that was already read.
 */
async function withoutInjection(text: string, attacked: (text: string) => Promise<boolean>, known?: boolean): Promise<string> {
  if (!(known ?? (await attacked(text)))) return text;
  const passages = passagesOf(text);
  if (passages.length > maxPassages) return removedText;
  const kept: string[] = [];
  for (const passage of passages) {
    if (!(await attacked(passage))) {
      kept.push(passage);
      continue;
    }
    const lines = passage.split('\n');
    // A passage of one line is that line: it was just read.
    const flagged = lines.length === 1 ? [true] : await Promise.all(lines.map(attacked));
    if (!flagged.includes(true)) kept.push(removedPassage);
    else kept.push(...lines.map((line, index) => (flagged[index] ? removedPassage : line)));
  }
  const cleaned = kept.join('\n');
  // An attack split across passages scores only when read whole.
  return (await attacked(kept.filter((line) => line !== removedPassage).join('\n'))) ? removedText : cleaned;
}

/** Consecutive lines gathered up to about `passageCharacters`; a longer line is cut at sentence ends. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  let current = '';
  for (const line of text.split('\n').flatMap(splitLongLine)) {
    if (current && current.length + line.length + 1 > passageCharacters) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) passages.push(current);
  return passages;
}

function splitLongLine(line: string): string[] {
  if (line.length <= passageCharacters) return [line];
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > passageCharacters) {
    const window = rest.slice(0, passageCharacters);
    const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const cut = sentenceEnd > passageCharacters / 2 ? sentenceEnd + 1 : passageCharacters;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function report(layer: 'jailbreak' | 'pii', result: Omit<LayerReport, 'layer' | 'stage' | 'ms'>, started: number): LayerReport {
  return { layer, stage: 'tool', ...result, score: Math.round(result.score * 1000) / 1000, ms: Math.round((performance.now() - started) * 1000) / 1000 };
}
