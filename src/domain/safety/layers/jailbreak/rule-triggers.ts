import { codeUnits } from '../../text/code-units.ts';
import { wordHash, wordHashStart, wordHashStep } from '../../text/word-hash.ts';

/**
 * Where in a text a phrase rule can match, found by the words rules begin with rather than by trying one
 * large pattern at every position. Most alternatives of the jailbreak rules start at a word boundary with
 * a word from a short list ("ignore", "disregard", "pretend"…): their first words are read from the
 * patterns' sources once, and a text's words are looked up as it is walked, so each rule is tried only where
 * a word it can begin with starts. Alternatives whose first word cannot be read that way (they start with
 * punctuation, an unknown class, a look-around) are found by one pattern of their own, and every rule is
 * tried where it matches. A look-around after a word's first letters ends the reading there. The reading is
 * conservative: where it is unsure whether a word may go on, it takes the word as a prefix, so a position
 * where a rule matches is never missed; a position tried in vain costs one anchored test.
 */

/** One rule as the matcher uses it: its case-insensitive source. */
export interface TriggeredRule {
  source: string;
}

/** Positions where rules may match, in increasing order, with the rules to try at each (indices into the rules, increasing). */
export interface RuleCandidates {
  positions: number[];
  rules: number[][];
}

export class RuleTriggers {
  readonly #ruleCount: number;
  /** Rules by the hash of a whole first word. */
  readonly #words = new Map<number, number[]>();
  /** Rules by the hash of a first word's start, when the word may go on. */
  readonly #prefixes = new Map<number, number[]>();
  /** 1 where the low bits of some first word's hash point: most words are ruled out without a map lookup. */
  readonly #wordFilter = new Uint8Array(wordFilterSize);
  /** 1 where the low bits of some prefix's hash point: most word starts are ruled out without a map lookup. */
  readonly #prefixFilter = new Uint8Array(wordFilterSize);
  /** 1 at each length some prefix has. */
  readonly #prefixLengths: Uint8Array;
  /** The alternatives whose first words could not be read, in one pattern; undefined when there are none. */
  readonly #residual: RegExp | undefined;

  /** `multiline`: the rules are tried with the `m` flag (a text of lines each read as its own), so `^` in the residual pattern starts every line. */
  constructor(rules: readonly TriggeredRule[], options: { multiline?: boolean } = {}) {
    this.#ruleCount = rules.length;
    const residual: string[] = [];
    const lengths = new Set<number>();
    rules.forEach((rule, index) => {
      for (const alternative of topLevelAlternatives(rule.source)) {
        const starts = alternative.startsWith('\\b') ? firstWords(alternative.slice(2)) : undefined;
        if (starts === undefined) {
          residual.push(alternative);
          continue;
        }
        for (const word of starts.words) {
          addTo(this.#words, wordHash(word), index);
          this.#wordFilter[wordHash(word) & (wordFilterSize - 1)] = 1;
        }
        for (const prefix of starts.prefixes) {
          addTo(this.#prefixes, wordHash(prefix), index);
          this.#prefixFilter[wordHash(prefix) & (wordFilterSize - 1)] = 1;
          lengths.add(prefix.length);
        }
      }
    });
    this.#prefixLengths = new Uint8Array(Math.max(0, ...lengths) + 1);
    for (const length of lengths) this.#prefixLengths[length] = 1;
    this.#residual = residual.length > 0 ? new RegExp(residual.map((alternative) => `(?:${alternative})`).join('|'), options.multiline === true ? 'gim' : 'gi') : undefined;
  }

  /** The pattern of the alternatives read whole (for the test that feeds every pattern hostile input). */
  get residualPattern(): RegExp | undefined {
    return this.#residual;
  }

  /** Where the rules may match in `text`, and which rules to try there. Linear: one walk over the text, plus the residual pattern's scan. */
  candidates(text: string): RuleCandidates {
    const fromWords = this.#wordCandidates(codeUnits(text));
    const fromResidual = this.#residualPositions(text);
    if (fromResidual.length === 0) return fromWords;
    // Merged in order; where the residual pattern matched, every rule is tried.
    const every = Array.from({ length: this.#ruleCount }, (_, index) => index);
    const merged: RuleCandidates = { positions: [], rules: [] };
    let word = 0;
    for (const position of fromResidual) {
      while (word < fromWords.positions.length && (fromWords.positions[word] as number) < position) {
        merged.positions.push(fromWords.positions[word] as number);
        merged.rules.push(fromWords.rules[word] as number[]);
        word += 1;
      }
      if (fromWords.positions[word] === position) word += 1;
      merged.positions.push(position);
      merged.rules.push(every);
    }
    for (; word < fromWords.positions.length; word += 1) {
      merged.positions.push(fromWords.positions[word] as number);
      merged.rules.push(fromWords.rules[word] as number[]);
    }
    return merged;
  }

  #residualPositions(text: string): number[] {
    const positions: number[] = [];
    const pattern = this.#residual;
    if (pattern === undefined) return positions;
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      positions.push(found.index);
      pattern.lastIndex = found.index + 1;
    }
    return positions;
  }

  /** The start of every word (a run of [A-Za-z0-9_], as \b sees words) that some rule can begin with. */
  #wordCandidates(units: Uint16Array): RuleCandidates {
    const candidates: RuleCandidates = { positions: [], rules: [] };
    const prefixLengths = this.#prefixLengths;
    const prefixFilter = this.#prefixFilter;
    let start = -1;
    let hash = wordHashStart;
    let found: number[] | undefined;
    for (let index = 0; index <= units.length; index += 1) {
      const code = index < units.length ? (units[index] as number) : 32;
      const lower = code >= 65 && code <= 90 ? code | 0x20 : code;
      if ((lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) || lower === 95) {
        if (start < 0) {
          start = index;
          hash = wordHashStart;
          found = undefined;
        }
        hash = wordHashStep(hash, lower);
        const length = index - start + 1;
        if (length < prefixLengths.length && prefixLengths[length] === 1 && prefixFilter[hash & (wordFilterSize - 1)] === 1) found = union(found, this.#prefixes.get(hash));
        continue;
      }
      if (start < 0) continue;
      if (this.#wordFilter[hash & (wordFilterSize - 1)] === 1) found = union(found, this.#words.get(hash));
      if (found !== undefined) {
        candidates.positions.push(start);
        candidates.rules.push(found);
      }
      start = -1;
    }
    return candidates;
  }
}

/** A power of two, a few times the number of first words. */
const wordFilterSize = 4096;

function addTo(map: Map<number, number[]>, key: number, rule: number): void {
  const rules = map.get(key) ?? [];
  if (!rules.includes(rule)) rules.push(rule);
  map.set(key, rules);
}

/** Both lists' rules, in increasing order; either list as it is when the other is empty. */
function union(left: number[] | undefined, right: number[] | undefined): number[] | undefined {
  if (right === undefined) return left;
  if (left === undefined) return right;
  // The lists are the triggers' own (or unions of them, kept here), so each pair is merged once, not at every
  // word of a text that repeats it.
  let byRight = unions.get(left);
  if (byRight === undefined) {
    byRight = new WeakMap();
    unions.set(left, byRight);
  }
  let merged = byRight.get(right);
  if (merged === undefined) {
    merged = [...new Set([...left, ...right])].sort((a, b) => a - b);
    byRight.set(right, merged);
  }
  return merged;
}

/** Merged rule lists by their two parts (see union); finite, since the parts are the triggers' lists and their unions. */
const unions = new WeakMap<number[], WeakMap<number[], number[]>>();

/** A pattern's alternatives: its parts between the `|` outside every group and character class. */
export function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index];
    if (character === '\\') index += 1;
    else if (inClass) inClass = character !== ']';
    else if (character === '[') inClass = true;
    else if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    else if (character === '|' && depth === 0) {
      alternatives.push(source.slice(start, index));
      start = index + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/**
 * What a match of a case-insensitive pattern part, read from a word boundary, can begin with: whole first
 * words (the match goes on past them with a character that ends a word, or a boundary) and first-word
 * starts (the word may go on with characters the reading does not follow). Undefined when the part can begin
 * with something other than a word character, or its shape is beyond this reading.
 */
export function firstWords(source: string): { words: string[]; prefixes: string[] } | undefined {
  let states: State[] | undefined = [{ text: '', status: 'open' }];
  try {
    states = readSequence(new SourceParser(source).sequence(), states);
  } catch {
    return undefined;
  }
  if (states === undefined) return undefined;
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const state of states) {
    if (state.text === '') return undefined;
    // A match that ends inside a word leaves the word free to go on.
    if (state.status === 'word') words.add(state.text);
    else prefixes.add(state.text);
  }
  return { words: [...words], prefixes: [...prefixes] };
}

/** A first word being read: still open to more characters, ended, or a start the word may go on from. */
interface State {
  text: string;
  status: 'open' | 'word' | 'prefix';
}

/** Past this many first words a part is left to the residual pattern. */
const mostStates = 512;
/** Repetitions a quantifier is read through before the rest of the word is taken as unknown. */
const mostRepetitions = 3;

type Atom =
  /** Literal choices, lower case: word characters extend a word, any other ends it. */
  | { kind: 'characters'; characters: string[] }
  /** A class that may hold both word characters and others. */
  | { kind: 'anything' }
  | { kind: 'boundary' }
  /** A look-ahead or look-behind: nothing read, and what follows it is not read either. */
  | { kind: 'lookaround' }
  | { kind: 'group'; branches: Item[][] };
interface Item {
  atom: Atom;
  min: number;
  max: number;
}

function readSequence(items: readonly Item[], states: State[]): State[] | undefined {
  let current: State[] | undefined = states;
  for (const item of items) {
    if (current === undefined) return undefined;
    if (!current.some((state) => state.status === 'open')) return current;
    current = readItem(item, current);
  }
  return current;
}

function readItem(item: Item, states: State[]): State[] | undefined {
  const results: State[] = [];
  let current: State[] | undefined = states;
  for (let times = 0; times < item.min; times += 1) {
    if (times === mostRepetitions) return withOpenAsPrefixes(current ?? []);
    current = current === undefined ? undefined : readAtom(item.atom, current);
  }
  if (current === undefined) return undefined;
  results.push(...current);
  // Optional repetitions: each adds its states; past a few, an open word may go on with anything.
  for (let times = item.min; times < item.max; times += 1) {
    if (times - item.min === mostRepetitions) {
      results.push(...withOpenAsPrefixes(current ?? []));
      break;
    }
    current = current === undefined ? undefined : readAtom(item.atom, current.filter((state) => state.status === 'open'));
    if (current === undefined) return undefined;
    if (current.length === 0) break;
    results.push(...current);
  }
  return deduplicated(results);
}

function readAtom(atom: Atom, states: readonly State[]): State[] | undefined {
  const results: State[] = [];
  for (const state of states) {
    if (state.status !== 'open') {
      results.push(state);
      continue;
    }
    if (atom.kind === 'boundary') {
      // The boundary the part starts at, or one that ends the word.
      results.push(state.text === '' ? state : { text: state.text, status: 'word' });
    } else if (atom.kind === 'anything' || atom.kind === 'lookaround') {
      if (state.text === '') return undefined;
      results.push({ text: state.text, status: 'prefix' });
    } else if (atom.kind === 'characters') {
      for (const character of atom.characters) {
        if (isWordCharacter(character)) results.push({ text: state.text + character, status: 'open' });
        else if (state.text === '') return undefined;
        else results.push({ text: state.text, status: 'word' });
      }
    } else {
      for (const branch of atom.branches) {
        const read = readSequence(branch, [state]);
        if (read === undefined) return undefined;
        results.push(...read);
      }
    }
    if (results.length > mostStates) return undefined;
  }
  return deduplicated(results);
}

function withOpenAsPrefixes(states: readonly State[]): State[] {
  return states.map((state) => (state.status === 'open' ? { text: state.text, status: 'prefix' } : state));
}

function deduplicated(states: readonly State[]): State[] {
  const seen = new Map<string, State>();
  for (const state of states) seen.set(`${state.status}:${state.text}`, state);
  return [...seen.values()];
}

/** The characters of words as \b sees them without the `u` flag. */
function isWordCharacter(character: string): boolean {
  return /^[a-z0-9_]$/.test(character);
}

/** A small reader of JavaScript regular expression sources: enough structure to read first words. */
class SourceParser {
  readonly #source: string;
  #index = 0;

  constructor(source: string) {
    this.#source = source;
  }

  /** The whole source as one sequence (a top-level `|` makes it a group of alternatives). */
  sequence(): Item[] {
    const branches = this.#branches();
    if (this.#index !== this.#source.length) throw new Error('unbalanced pattern');
    return branches.length === 1 ? (branches[0] as Item[]) : [{ atom: { kind: 'group', branches }, min: 1, max: 1 }];
  }

  #branches(): Item[][] {
    const branches: Item[][] = [[]];
    while (this.#index < this.#source.length && this.#source.charAt(this.#index) !== ')') {
      if (this.#source.charAt(this.#index) === '|') {
        this.#index += 1;
        branches.push([]);
        continue;
      }
      const atom = this.#atom();
      const [min, max] = this.#quantifier();
      (branches[branches.length - 1] as Item[]).push({ atom, min, max });
    }
    return branches;
  }

  #atom(): Atom {
    const character = this.#source.charAt(this.#index);
    this.#index += 1;
    if (character === '(') {
      // Plain groups are read; a look-around is read past, as a point the word reading stops at; named
      // groups are beyond this reading.
      const lookaround = /^\?(?:=|!|<=|<!)/.exec(this.#source.slice(this.#index, this.#index + 3));
      if (lookaround) {
        this.#index += lookaround[0].length;
        this.#branches();
        if (this.#source.charAt(this.#index) !== ')') throw new Error('unbalanced look-around');
        this.#index += 1;
        return { kind: 'lookaround' };
      }
      if (this.#source.charAt(this.#index) === '?') {
        if (this.#source.charAt(this.#index + 1) !== ':') throw new Error('group kind not read');
        this.#index += 2;
      }
      const branches = this.#branches();
      if (this.#source.charAt(this.#index) !== ')') throw new Error('unbalanced group');
      this.#index += 1;
      return { kind: 'group', branches };
    }
    if (character === '[') return this.#characterClass();
    if (character === '.') return { kind: 'anything' };
    if (character === '^' || character === '$') throw new Error('anchor not read');
    if (character === '\\') return this.#escape();
    return { kind: 'characters', characters: [character.toLowerCase()] };
  }

  #escape(): Atom {
    const character = this.#source.charAt(this.#index);
    this.#index += 1;
    if (character === 'b') return { kind: 'boundary' };
    // Whitespace and non-word classes end a word as any separator does.
    if (character === 's' || character === 'W') return { kind: 'characters', characters: [' '] };
    if (character === 'w' || character === 'S' || character === 'd' || character === 'D') return { kind: 'anything' };
    if (/[a-zA-Z0-9]/.test(character)) throw new Error('escape not read');
    return { kind: 'characters', characters: [character] };
  }

  /** A class of literal characters and short ranges; a negated class, or one with escapes, as anything. */
  #characterClass(): Atom {
    const characters: string[] = [];
    let literal = this.#source.charAt(this.#index) !== '^';
    while (this.#index < this.#source.length && this.#source.charAt(this.#index) !== ']') {
      let character = this.#source.charAt(this.#index);
      this.#index += 1;
      if (character === '\\') {
        character = this.#source.charAt(this.#index);
        this.#index += 1;
        if (/[a-zA-Z0-9]/.test(character)) literal = false;
      }
      if (this.#source.charAt(this.#index) === '-' && this.#source.charAt(this.#index + 1) !== ']') {
        const last = this.#source.charAt(this.#index + 1);
        this.#index += 2;
        const from = character.charCodeAt(0);
        const to = last.charCodeAt(0);
        if (last === '\\' || to < from || to - from > 64) literal = false;
        else for (let code = from; code <= to; code += 1) characters.push(String.fromCharCode(code).toLowerCase());
        continue;
      }
      characters.push(character.toLowerCase());
    }
    if (this.#source.charAt(this.#index) !== ']') throw new Error('unbalanced class');
    this.#index += 1;
    return literal ? { kind: 'characters', characters: [...new Set(characters)] } : { kind: 'anything' };
  }

  #quantifier(): [number, number] {
    const character = this.#source.charAt(this.#index);
    let bounds: [number, number];
    if (character === '?') bounds = [0, 1];
    else if (character === '*') bounds = [0, Number.POSITIVE_INFINITY];
    else if (character === '+') bounds = [1, Number.POSITIVE_INFINITY];
    else if (character === '{') {
      const found = /^\{(\d+)(,(\d*))?\}/.exec(this.#source.slice(this.#index, this.#index + 16));
      if (!found) throw new Error('quantifier not read');
      this.#index += found[0].length - 1;
      const min = Number(found[1]);
      bounds = [min, found[2] === undefined ? min : found[3] === '' ? Number.POSITIVE_INFINITY : Number(found[3])];
    } else return [1, 1];
    this.#index += 1;
    if (this.#source.charAt(this.#index) === '?') this.#index += 1;
    return bounds;
  }
}
