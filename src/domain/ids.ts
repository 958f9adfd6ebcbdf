import { randomFillSync } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes are drawn from the system in blocks and handed out from this pool: asking the system for a
 * few bytes per identifier costs more than making the identifier.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const byte = pool[poolOffset] as number;
  // Each byte is used once.
  pool[poolOffset] = 0;
  poolOffset += 1;
  return byte;
}

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
    const byte = nextRandomByte();
    if (byte < limit) result += characters[byte % characters.length];
  }
  return result;
}
