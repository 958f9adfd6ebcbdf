/**
 * Elements whose boundaries do not separate words (`<b>un</b>done` is one word). Every other tag
 * boundary does.
 */
export const inlineElements = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'kbd', 'mark', 'q', 's',
  'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
]);

/** Words are whitespace-separated runs that hold at least one letter or digit; lone punctuation is not a word. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}
