/** Texts up to this many characters are scored whole: one instruction, one request, one short message. */
export const wholeTextLength = 512;
/** Longer texts are scored in windows of about this many characters: a planted instruction fits in one. */
export const windowLength = 384;
/** Each window starts half a window after the last, so an instruction cut by one window's edge is whole in the next. */
const stride = windowLength / 2;
/** How far a window's edge may move to fall between words instead of inside one. */
const edgeSlack = 48;

/**
 * The [start, end) windows a text is scored in: the whole text when it is short, else overlapping windows
 * of about 384 characters whose edges fall on whitespace where there is some nearby. The number of
 * windows grows linearly with the length, and every character is in one or two of them.
 */
export function scoringWindows(text: string): [start: number, end: number][] {
  if (text.length <= wholeTextLength) return [[0, text.length]];
  const windows: [number, number][] = [];
  let start = 0;
  for (;;) {
    let end = start + windowLength;
    if (end >= text.length - edgeSlack) {
      windows.push([start, text.length]);
      return windows;
    }
    end = afterWhitespace(text, end - edgeSlack, end, -1) ?? end;
    windows.push([start, end]);
    const next = start + stride;
    start = afterWhitespace(text, next, next + edgeSlack, 1) ?? next;
  }
}

/** The position just after a whitespace character between `from` and `to`, searched in `direction`; undefined when there is none. */
function afterWhitespace(text: string, from: number, to: number, direction: 1 | -1): number | undefined {
  for (let index = direction === 1 ? from : to - 1; index >= from && index < to; index += direction) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10 || code === 9 || code === 13) return index + 1;
  }
  return undefined;
}
