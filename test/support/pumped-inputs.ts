/** A long input built to make a backtracking pattern try, and fail, at every position. */
export interface PumpedInput {
  name: string;
  text: string;
}

const end = '\u0000';

/** Inputs every pattern meets, whatever it holds: runs of the characters that usually hurt. */
function genericInputs(length: number): PumpedInput[] {
  const run = (name: string, unit: string, tail = end): PumpedInput => ({ name, text: unit.repeat(Math.ceil(length / unit.length)) + tail });
  return [
    run('spaces then x', ' ', 'x'),
    run('letters', 'a'),
    run('digits', '1'),
    run('newlines', '\n'),
    run('newline and spaces', '\n    '),
    run('tabs and spaces', '\t '),
    run('percent escapes in a word', 'abc%41def'),
    { name: 'two percent escapes in a long word', text: `${'a'.repeat(length / 2)}%41${'b'.repeat(length / 2)}%41x` },
    run('escaped hex', '\\x41'),
    run('entities', '&#65;'),
    run('base64-like', 'QUJDRA+/'),
    run('less-than', '<'),
    run('tag openers', '<a '),
    run('colons', ':', 'x'),
    run('slashes', '/', 'x'),
    run('dots', '.', 'x'),
    run('dotted digits', '1.'),
    run('hyphens', '-'),
    run('words and spaces', 'word '),
    run('sentences', 'Ignore the above. '),
    run('json fences', '```json\n{'),
    run('braces', '{'),
    run('quotes', '"'),
    run('at signs', 'a@'),
    run('plus signs and digits', '+1 '),
    run('markdown', '# *_[`'),
  ];
}

/** The characters a pattern names (literals, and one member of each class it uses), so runs of them can be pumped. */
export function charactersOf(pattern: RegExp): string[] {
  const characters = new Set<string>();
  const { source } = pattern;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index] ?? '';
    if (character !== '\\') {
      if ('()[]{}|?*+^$'.includes(character)) continue;
      characters.add(character === '.' ? 'a' : character);
      continue;
    }
    const escaped = source[index + 1] ?? '';
    index += 1;
    if (escaped === 'x') {
      characters.add(String.fromCharCode(Number.parseInt(source.slice(index + 1, index + 3), 16)));
      index += 2;
    } else if (escaped === 'u' && source[index + 1] === '{') {
      const close = source.indexOf('}', index);
      characters.add(String.fromCodePoint(Number.parseInt(source.slice(index + 2, close), 16)));
      index = close;
    } else if (escaped === 'u') {
      characters.add(String.fromCharCode(Number.parseInt(source.slice(index + 1, index + 5), 16)));
      index += 4;
    } else if (escaped === 'p' || escaped === 'P') {
      index = source.indexOf('}', index);
      for (const member of ['a', 'A', 'é', '\u0301', '1', 'ж']) characters.add(member);
    } else {
      for (const member of classMembers[escaped] ?? [escaped]) characters.add(member);
    }
  }
  return [...characters].sort();
}

const classMembers: Readonly<Record<string, readonly string[]>> = {
  d: ['1'],
  D: ['a'],
  w: ['a', '_'],
  W: [' ', '-'],
  s: [' ', '\n', '\t'],
  S: ['a'],
  b: [],
  B: [],
  n: ['\n'],
  r: ['\r'],
  t: ['\t'],
  f: ['\f'],
  v: ['\v'],
};

/** The runs of literal text in a pattern ("system", "Details:"), to pump followed by each of its characters. */
function literalWords(pattern: RegExp): string[] {
  const words = new Set<string>();
  for (const match of pattern.source.matchAll(/(?:[A-Za-z0-9 :#`"'=<>_-]|\\[./:\-])+/g)) {
    const word = match[0].replaceAll('\\', '');
    if (word.length >= 2 && word.length <= 24) words.add(word);
  }
  return [...words];
}

const mostPairs = 200;
const mostWords = 12;

/**
 * Long inputs for one pattern: the generic runs, a run of each character it names, runs of pairs of them
 * (alternating, and one run after the other), and each literal word it holds followed by a long run of one of its characters, each ending in a
 * character that makes a match fail.
 */
export function pumpedInputs(pattern: RegExp, length = 20_000): PumpedInput[] {
  const inputs = genericInputs(length);
  const characters = charactersOf(pattern);
  const visible = (text: string) => JSON.stringify(text);
  for (const character of characters) inputs.push({ name: `run of ${visible(character)}`, text: character.repeat(length) + end });
  const pairs: string[] = [];
  for (const first of characters) for (const second of characters) if (first !== second) pairs.push(first + second);
  const stride = Math.max(1, Math.ceil(pairs.length / mostPairs));
  for (let index = 0; index < pairs.length; index += stride) {
    const pair = pairs[index] ?? '';
    inputs.push({ name: `run of ${visible(pair)}`, text: pair.repeat(length / 2) + end });
    const [first = '', second = ''] = pair;
    inputs.push({ name: `run of ${visible(first)} then of ${visible(second)}`, text: first.repeat(length / 2) + second.repeat(length / 2) + end });
  }
  for (const word of literalWords(pattern).slice(0, mostWords)) {
    inputs.push({ name: `run of ${visible(`${word} `)}`, text: `${word} `.repeat(Math.ceil(length / (word.length + 1))) + end });
    for (const character of characters) {
      inputs.push({ name: `${visible(word)} then a run of ${visible(character)}`, text: word + character.repeat(length) + end });
    }
  }
  return inputs;
}
