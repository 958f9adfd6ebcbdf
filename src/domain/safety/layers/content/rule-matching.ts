import type { ContentCategory } from './content-categories.ts';
import { contentRules, forkBombPattern } from './content-rules.ts';
import { otherScriptAsked, otherScriptGuarding, otherScriptHarm } from './other-script-harm-rules.ts';

/**
 * Characters a rule's phrase may extend either side of its trigger word. The longest phrases ("I am
 * seriously thinking about ending it all", a call to violence naming a group) are well within it.
 */
const reach = 240;

/**
 * Where a text's trigger words are, per rule, so each rule reads only the stretches around its triggers:
 * a long document that says "kill the process" once costs one short match, not a scan of the whole text.
 */
export class RuleTriggers {
  // Most texts trigger a few rules of several hundred: only those are kept, and read in the rules' order.
  readonly #positions = new Map<number, number[]>();

  add(ruleIndex: number, position: number): void {
    const positions = this.#positions.get(ruleIndex);
    if (positions === undefined) this.#positions.set(ruleIndex, [position]);
    else positions.push(position);
  }

  /**
   * The rules whose phrase occurs in the text and the categories they decide, sorted. Positions are
   * offsets into `text`; when the caller read a lower-cased copy of another length, pass `exact = false`
   * and every triggered rule reads the whole text. With `otherScripts` (the text has Cyrillic, Arabic,
   * Chinese or Japanese letters) the rules for those scripts read the stretches around its ways of asking.
   */
  match(text: string, exact: boolean, otherScripts = false): { rules: string[]; categories: ContentCategory[] } {
    const rules: string[] = [];
    const categories = new Set<ContentCategory>();
    const askedWindows = otherScripts ? otherScriptWindows(text) : [];
    const tried = askedWindows.length > 0 ? [...new Set([...this.#positions.keys(), ...otherScriptRuleIndexes])] : [...this.#positions.keys()];
    for (const ruleIndex of tried.sort((left, right) => left - right)) {
      const rule = contentRules[ruleIndex] as (typeof contentRules)[number];
      const positions = this.#positions.get(ruleIndex);
      let found: boolean;
      if (rule.otherScripts === true) found = askedWindows.some(([from, to]) => rule.pattern.test(text.slice(from, to)));
      else if (positions === undefined) continue;
      else found = exact ? windowsOf(text, positions).some(([from, to]) => rule.pattern.test(from === 0 && to === text.length ? text : text.slice(from, to))) : rule.pattern.test(text);
      if (found) {
        rules.push(rule.name);
        categories.add(rule.category);
      }
    }
    if (text.includes(':|:') && forkBombPattern.test(text)) {
      rules.push('fork_bomb');
      categories.add('code_interpreter_abuse');
    }
    return { rules, categories: [...categories].sort() };
  }
}

/** The rules for other scripts, tried around the ways of asking rather than at trigger words. */
const otherScriptRuleIndexes = contentRules.flatMap((rule, index) => (rule.otherScripts === true ? [index] : []));

/** Every way of asking in the other scripts, found in one pass. */
const everyOtherScriptAsking = new RegExp(otherScriptAsked.source, 'gi');

/**
 * Where the rules for other scripts are tried: around each way of asking (other-script-harm-rules.ts), in a
 * text that names one of their harms and no guarding word; none otherwise. Up to three passes over the text.
 */
function otherScriptWindows(text: string): [number, number][] {
  if (!otherScriptHarm.test(text) || otherScriptGuarding.test(text)) return [];
  const positions = [...text.matchAll(everyOtherScriptAsking)].map((match) => match.index);
  // Not widened to whitespace: Chinese and Japanese have none, and the window would grow to the whole text.
  return windowsOf(text, positions, false);
}

/**
 * Windows of `reach` around each position (ascending), merged, and unless told otherwise widened to
 * whitespace so no word is cut.
 */
function windowsOf(text: string, positions: readonly number[], widen = true): [number, number][] {
  const windows: [number, number][] = [];
  for (const position of positions) {
    let from = Math.max(0, position - reach);
    let to = Math.min(text.length, position + reach);
    while (widen && from > 0 && !isSpace(text.charCodeAt(from - 1))) from -= 1;
    while (widen && to < text.length && !isSpace(text.charCodeAt(to))) to += 1;
    const last = windows.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}
