import { promisify } from 'node:util';
import { constants, deflateRaw, inflateRawSync } from 'node:zlib';

// How a large JSON text is kept in a text column: deflated and base64-encoded behind a marker that no JSON
// text starts with. Small texts stay as they are (readable in the database, nothing to decode). See ADR 0070.

/** Texts of at least this many bytes are stored deflated; smaller ones cost more to pack than they save. */
export const packedTextThresholdBytes = 1024;

/** The prefix of a packed text: JSON text starts with `{`, `[`, `"`, a digit, `t`, `f`, `n` or whitespace. */
const packedPrefix = 'z1:';

/**
 * A packed text never unpacks past this. A stored answer comes from one the gateway accepted (at most
 * 64 MiB) and may grow a little once redacted; the margin keeps every real row readable while a damaged or
 * forged row cannot fill memory.
 */
const maxUnpackedBytes = 256 * 1024 * 1024;

const deflate = promisify(deflateRaw);

/**
 * The text to store for `text`: itself when short or when deflating does not make it shorter, otherwise
 * packed. Deflating runs on libuv's thread pool, so a large answer does not hold the event loop.
 */
export async function packJsonText(text: string): Promise<string> {
  if (Buffer.byteLength(text) < packedTextThresholdBytes) return text;
  const packed = packedPrefix + (await deflate(text, { level: constants.Z_DEFAULT_COMPRESSION })).toString('base64');
  return packed.length < text.length ? packed : text;
}

/** The JSON text a stored text holds, whether it was packed or not. */
export function unpackJsonText(stored: string): string {
  if (!stored.startsWith(packedPrefix)) return stored;
  return inflateRawSync(Buffer.from(stored.slice(packedPrefix.length), 'base64'), { maxOutputLength: maxUnpackedBytes }).toString('utf8');
}
