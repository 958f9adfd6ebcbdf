/**
 * Reads the text of the top-level `"content"` string of a JSON answer while it streams in, so that the
 * chat task's reply can be sent as it is written rather than as JSON. Escapes split across pieces are kept
 * until they are whole. Each call returns the new text only; anything after the string is ignored.
 */
export class StreamedContentField {
  #state: 'seeking' | 'inside' | 'finished' = 'seeking';
  /** Text not yet decided on: the JSON before the string opens, or an escape not yet whole. */
  #pending = '';

  push(piece: string): string {
    if (this.#state === 'finished') return '';
    this.#pending += piece;
    if (this.#state === 'seeking') {
      const opening = /^\s*\{\s*"content"\s*:\s*"/.exec(this.#pending);
      if (!opening) {
        // Another shape (another key first, or not an object): nothing is streamed; the whole answer follows at the end.
        if (!contentOpening.startsWith(this.#pending.replace(/\s+/g, ''))) this.#state = 'finished';
        return '';
      }
      this.#pending = this.#pending.slice(opening[0].length);
      this.#state = 'inside';
    }
    return this.#decode();
  }

  #decode(): string {
    let text = '';
    let index = 0;
    const pending = this.#pending;
    while (index < pending.length) {
      const character = pending[index] as string;
      if (character === '"') {
        this.#state = 'finished';
        this.#pending = '';
        return text;
      }
      if (character !== '\\') {
        text += character;
        index += 1;
        continue;
      }
      const escape = pending[index + 1];
      if (escape === undefined) break;
      if (escape === 'u') {
        const hex = pending.slice(index + 2, index + 6);
        if (hex.length < 4) break;
        text += String.fromCharCode(Number.parseInt(hex, 16));
        index += 6;
        continue;
      }
      text += escapes[escape] ?? escape;
      index += 2;
    }
    this.#pending = pending.slice(index);
    return text;
  }
}

/** What the answer starts with when its reply can be streamed, whitespace aside. */
const contentOpening = '{"content":"';

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
