/** What a word of a Latin-script language is made of: `\b`'s `[A-Za-z0-9_]` and the accented letters it does not count. */
const latinWordCharacter = String.raw`A-Za-zÀ-ÿ0-9_`;

/** Word edges, for a choice of words some of which start or end with an accented letter: no letter before, none after. */
export const noLetterBefore = String.raw`(?<![${latinWordCharacter}])`;
export const noLetterAfter = String.raw`(?![${latinWordCharacter}])`;

/**
 * `word` (a pattern source starting with a letter) where it starts a word: after no letter or digit. For a
 * word whose first letter is accented, where `\b` fails: `\b` knows only `[A-Za-z0-9_]`, so `\bécris` matches
 * only glued to a word before it, never after a space. The look-behind follows the first letter, so a scan
 * tries it only where that letter is.
 */
export function startOfWord(word: string): string {
  const first = word.charAt(0);
  return `${first}(?<![${latinWordCharacter}]${first})${word.slice(1)}`;
}
