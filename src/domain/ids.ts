import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A prefixed, time-ordered identifier (`run_0m3x7k2a9b4c…`): 9 characters of millisecond time in base 36
 * then 16 random characters, so ids sort by creation time and never collide in practice.
 */
export function createId(prefix: string, now: Date = new Date()): string {
  const time = now.getTime().toString(36).padStart(9, '0');
  return `${prefix}_${time}${randomString(16)}`;
}

/** Random characters from [0-9a-z], drawn without modulo bias. */
export function randomString(length: number, characters: string = alphabet): string {
  let result = '';
  const limit = 256 - (256 % characters.length);
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) result += characters[byte % characters.length];
      if (result.length === length) break;
    }
  }
  return result;
}
