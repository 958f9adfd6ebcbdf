/** Whether a UTF-16 code unit is one that `\s` matches in a JavaScript regular expression. */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a code unit is a hexadecimal digit. */
export function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** A test for code units: one of the given characters (each a single UTF-16 unit), or also whitespace. */
export function oneOf(characters: string, options: { orWhitespace?: boolean } = {}): (code: number) => boolean {
  const codes = new Set(Array.from(characters, (character) => character.charCodeAt(0)));
  return options.orWhitespace === true ? (code) => codes.has(code) || isWhitespace(code) : (code) => codes.has(code);
}

/**
 * The text without the run of code units at its end that `strip` accepts. A loop from the end: a pattern
 * such as `/x+$/` is tried at every "x" of a long run and costs the square of its length.
 */
export function trimEnd(text: string, strip: (code: number) => boolean): string {
  let end = text.length;
  while (end > 0 && strip(text.charCodeAt(end - 1))) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
