import { isWhitespace } from '../../shared/text-scanning.ts';

const fence = '```';

/**
 * The text inside a markdown fence (```json … ``` or ``` … ```) that wraps the whole answer, or the answer
 * as it is: what `/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i` kept, read by a loop, because that pattern
 * retries its lazy body from every line break of a long answer.
 */
export function withoutJsonFence(text: string): string {
  const closing = text.length - fence.length;
  if (closing < fence.length || !text.startsWith(fence) || !text.endsWith(fence)) return text;
  let start = fence.length;
  if (closing - start >= 4 && text.slice(start, start + 4).toLowerCase() === 'json') start += 4;
  while (start < closing && isWhitespace(text.charCodeAt(start))) start += 1;
  const end = closing > start && text.charCodeAt(closing - 1) === 10 ? closing - 1 : closing;
  return text.slice(start, end);
}
