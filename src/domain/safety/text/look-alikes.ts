/**
 * Letters from other scripts that look like Latin ones (Cyrillic and Greek homoglyphs, and the letter-like
 * symbols NFKC leaves alone). A word that mixes them with Latin letters ("раssword", "іgnore") is folded to
 * Latin. A word made only of look-alikes ("ассеss" in Cyrillic) is folded when the text around it is
 * mostly Latin; in a mostly Cyrillic or Greek text it is a real word of that language and stays.
 */
const lookAlikes: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', с: 'c', е: 'e', һ: 'h', і: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', т: 't', у: 'y', х: 'x', ԝ: 'w', ӏ: 'l', ь: 'b',
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', У: 'Y', Ԝ: 'W',
  // Greek
  α: 'a', ο: 'o', ν: 'v', ρ: 'p', τ: 't', ι: 'i', κ: 'k', υ: 'u', χ: 'x', ε: 'e',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Letter-like symbols that survive NFKC
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʏ: 'y', ᴀ: 'A', ʙ: 'B', ᴄ: 'C', ᴅ: 'D', ᴇ: 'E', ɢ: 'G', ʜ: 'H', ɪ: 'I', ᴊ: 'J', ᴋ: 'K', ʟ: 'L', ᴍ: 'M', ɴ: 'N',
  ᴏ: 'O', ᴘ: 'P', ʀ: 'R', ꜱ: 'S', ᴛ: 'T', ᴜ: 'U', ᴠ: 'V', ᴡ: 'W', ᴢ: 'Z',
};

/** Exported for the test that feeds every pattern of the sources long hostile inputs. */
export const lookAlikeCharacters = new RegExp(`[${Object.keys(lookAlikes).join('')}]`);
// Words; only those that contain a look-alike are examined further. (One pattern for "a word holding a
// look-alike" would be tried from every letter of a long word without one.)
const words = /[\p{L}\p{M}]+/gu;
const latinLetter = /[A-Za-z\u00C0-\u024F]/;
const nonLatinLetter = /[^\P{L}A-Za-z\u00C0-\u024F]/u;

export function foldLookAlikes(text: string): string {
  if (!lookAlikeCharacters.test(text)) return text;
  const latinText = mostlyLatin(text);
  return text.replace(words, (word) => {
    if (!lookAlikeCharacters.test(word)) return word;
    const fold = latinLetter.test(word) || (latinText && !hasOtherLetters(word));
    return fold ? Array.from(word, (character) => lookAlikes[character] ?? character).join('') : word;
  });
}

function mostlyLatin(text: string): boolean {
  let latin = 0;
  let other = 0;
  for (const character of text) {
    if (latinLetter.test(character)) latin += 1;
    else if (nonLatinLetter.test(character)) other += 1;
  }
  return latin > other;
}

/** True when the word has letters of its script that have no Latin look-alike, i.e. it is a real non-Latin word. */
function hasOtherLetters(word: string): boolean {
  for (const character of word) if (lookAlikes[character] === undefined && nonLatinLetter.test(character)) return true;
  return false;
}
