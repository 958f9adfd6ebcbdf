import { TextDecoder } from 'node:util';

/**
 * Decodes a response body with the charset its content-type names, when TextDecoder knows it, else as
 * UTF-8. A body cut off at the size cap may end inside a character: that partial character is dropped
 * rather than shown as a replacement mark.
 */
export function bodyText(body: Buffer, contentType: string | undefined, truncated: boolean): string {
  const decoder = decoderFor(charsetOf(contentType));
  return decoder.decode(body, { stream: truncated });
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1];
}

function decoderFor(charset: string | undefined): TextDecoder {
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown or misspelt charset: UTF-8 is the best guess for the web.
    }
  }
  return new TextDecoder('utf-8');
}
