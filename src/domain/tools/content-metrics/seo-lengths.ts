import { oneOf, trimEnd } from '../../../shared/text-scanning.ts';

/** Search results show about 60 characters of a title and 155 of a description before cutting them. */
export const titleMaxLength = 60;
export const metaDescriptionMaxLength = 155;
/** Short enough to read in a results page and to share; long slugs are cut by some platforms. */
export const slugMaxLength = 75;

const danglingPunctuation = oneOf(',;:-–—|/&(', { orWhitespace: true });
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Words that carry no meaning in a URL; dropped from slugs unless nothing else is left. */
const slugStopWords = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'into', 'onto',
  'as', 'is', 'are', 'was', 'were', 'be', 'been', 'it', 'its', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'their',
]);

/** Words that leave a cut title or description hanging ("Ten ways to plan your"). */
const danglingWords = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'as', 'vs',
  'your', 'our', 'their', 'my', 'its', 'this', 'that',
]);

/** Letters NFKD does not decompose into ASCII. */
const foldedLetters: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** The title with its spacing tidied, cut at a word boundary to fit (inside a word only when the boundary would leave less than half). */
export function fitTitle(title: string, maxLength: number = titleMaxLength): string {
  const text = collapseSpaces(title);
  if (text.length <= maxLength) return text;
  // A subtitle after ":", "—", "–", "|" or " - " is what an editor drops first, rather than cutting a phrase.
  // The spaces are collapsed, so one optional space before the separator is all `\s*` could have taken.
  const main = text.split(/\s?(?::|\s[—–|-])\s/u)[0] ?? '';
  if (main.length >= maxLength / 3 && main.length <= maxLength) return main;
  return cutAtWordBoundary(text, maxLength);
}

/** The description with its spacing tidied; when too long, cut at a word boundary (as fitTitle) and ended with "…". */
export function fitMetaDescription(description: string, maxLength: number = metaDescriptionMaxLength): string {
  const text = collapseSpaces(description);
  if (text.length <= maxLength) return text;
  const cut = trimEnd(cutAtWordBoundary(text, maxLength - 1), oneOf('.!?…'));
  return `${cut}…`;
}

export function isValidSlug(slug: string): boolean {
  return slugPattern.test(slug);
}

/** A valid slug cut at a hyphen to fit. */
export function fitSlug(slug: string, maxLength: number = slugMaxLength): string {
  if (slug.length <= maxLength) return slug;
  return joinWithin(slug.split('-'), maxLength);
}

/**
 * A URL slug from any text: accents folded to ASCII, lowercase, words of letters and digits joined by
 * single hyphens, stop words dropped unless only stop words are left, cut at a word to fit. Empty when
 * the text has no Latin letters or digits at all.
 */
export function buildSlug(text: string, maxLength: number = slugMaxLength): string {
  const ascii = text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => foldedLetters[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // "Don't" is one word, "dont", not two.
    .replace(/([a-z0-9])['’]([a-z0-9])/g, '$1$2');
  const words = ascii.split(/[^a-z0-9]+/).filter(Boolean);
  const meaningful = words.filter((word) => !slugStopWords.has(word));
  return joinWithin(meaningful.length > 0 ? meaningful : words, maxLength);
}

/** Words joined by hyphens, as many as fit; a single word longer than the limit is cut, as nothing else fits. */
function joinWithin(words: readonly string[], maxLength: number): string {
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxLength) break;
    slug = next;
  }
  if (!slug && words[0]) slug = words[0].slice(0, maxLength);
  return slug;
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The longest start of the text, within the limit, that ends between two words, without trailing
 * punctuation or a dangling word. Only a first word longer than the whole limit is cut inside: the limit
 * is the contract, and such a "word" is a URL or a run of characters, not language.
 */
function cutAtWordBoundary(text: string, maxLength: number): string {
  const boundary = text[maxLength] === ' ' ? maxLength : text.lastIndexOf(' ', maxLength);
  // A very long word straddling the limit would leave a stub ("Keep…") shorter than a description may be: cut inside it instead.
  if (boundary < maxLength / 2) return cutCodePoints(text, maxLength);
  const words = text.slice(0, boundary).split(' ');
  while (words.length > 1 && danglingWords.has(trimEnd(words.at(-1) ?? '', danglingPunctuation).toLowerCase())) words.pop();
  return trimEnd(words.join(' '), danglingPunctuation) || cutCodePoints(text, maxLength);
}

/** At most maxLength UTF-16 units without splitting a character made of two. */
function cutCodePoints(text: string, maxLength: number): string {
  let result = '';
  for (const character of text) {
    if (result.length + character.length > maxLength) break;
    result += character;
  }
  return result;
}
