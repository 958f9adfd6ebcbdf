/**
 * A long text as stretches of whole sentences of about `size` characters, in order: what the request head
 * reads of a long text, so that one request planted in a long document is read as a request, not drowned
 * in the document, and a long benign document is read as many short benign ones rather than as one text
 * that holds every word. A stretch ends after the first sentence end (". ", "? ", "! ", a line break) past
 * `size`, or at twice `size` when no sentence ends; every character is in exactly one stretch.
 */
export function sentenceWindows(text: string, size: number): string[] {
  return sentenceRanges(text, size).map(([start, end]) => text.slice(start, end));
}

/** The [start, end) of each stretch sentenceWindows cuts the text into, without copying them out. */
export function sentenceRanges(text: string, size: number): [start: number, end: number][] {
  if (text.length <= size * 2) return [[0, text.length]];
  const ranges: [number, number][] = [];
  let from = 0;
  let index = from + size;
  while (from < text.length) {
    const limit = Math.min(text.length, from + size * 2);
    let end = limit;
    for (; index < limit; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 10 || ((code === 46 || code === 63 || code === 33) && (index + 1 >= text.length || text.charCodeAt(index + 1) === 32 || text.charCodeAt(index + 1) === 10))) {
        end = index + 1;
        break;
      }
    }
    ranges.push([from, end]);
    from = end;
    index = from + size;
  }
  return ranges;
}
