/** Longer texts are documents or several requests, which the frames that let a question through never read. */
const longestQuestion = 300;
const mostSentences = 3;
/** The end of a sentence: its last mark before a space or the end (linear: one mark per match). */
const sentenceEnd = /[.?!](?=\s|$)/g;

/** Whether `text` is short enough to be one question: at most 300 characters and three sentences. */
export function isShortQuestion(text: string): boolean {
  return text.length <= longestQuestion && (text.match(sentenceEnd)?.length ?? 0) <= mostSentences;
}
