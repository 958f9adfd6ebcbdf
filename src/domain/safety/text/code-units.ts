/**
 * A string's UTF-16 code units as an array, for loops that read every character. `charCodeAt` in a loop
 * takes a slow path in V8 once any class in the process extends `String` (the Redis client defines one):
 * about eight times slower over a long text, while copying the units out through a Buffer costs the same
 * either way and is faster even without such a class.
 */
export function codeUnits(text: string): Uint16Array {
  const bytes = Buffer.from(text, 'utf16le');
  // Small Buffers share a pool and may start at an odd offset: a Uint16Array needs an even one.
  if (bytes.byteOffset % 2 === 0) return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  return new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}
