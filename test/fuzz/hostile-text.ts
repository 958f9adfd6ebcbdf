import fc from 'fast-check';

/** Characters that break naive text handling: NUL and controls, bidi marks, lone surrogates, a BOM, combining marks, astral code points. */
const troublesomeCharacters = ['\u0000', '\u0001', '\u001b', '\u007f', '\u202e', '\u200f', '\u2066', '\ud800', '\udfff', '\ufeff', '\u0301', '\u{1f4a9}', '"', '\\', '\n', '\r', '<', '%', '&', '=', '[', ']', '.'];

/** Short text mixing ordinary characters with troublesome ones. */
export const hostileText = fc.string({
  unit: fc.oneof({ arbitrary: fc.constantFrom(...troublesomeCharacters), weight: 1 }, { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 }),
  maxLength: 40,
});

/** Visible ASCII and Latin-1 characters, spaces and tabs: what an HTTP header value can hold on the wire. */
const headerCharacter = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xa0, max: 0xff }).map((code) => String.fromCharCode(code)),
  fc.constant('\t'),
);

export const headerJunk = fc.string({ unit: headerCharacter, maxLength: 60 });

/** Percent-encodings of every kind: valid, truncated, overlong, of a surrogate, of a slash, of NUL, of dots. */
export const percentJunk = fc.constantFrom('%E0%A4%A', '%', '%%', '%zz', '%0', '%00', '%2F', '%2f..%2f', '%C0%AF', '%ED%A0%80', '%FF%FE', '%2e%2e', '..', '.', '%20', '+', '%u0041', '%E2%80%AE');

/** A long run of one character, up to about `max` characters, for sizes near and past the limits. */
export function longText(min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom('a', 'é', '\u{1f4a9}', '\u0000', '%41', ' '), fc.integer({ min, max })).map(([character, length]) => character.repeat(Math.max(1, Math.floor(length / character.length))));
}
