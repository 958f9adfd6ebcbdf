/** A sentence with one `{}` slot and the fillers that go in it. */
export type SentenceTemplate = readonly [template: string, fillers: readonly string[]];

/**
 * Every template with each of its fillers, in order. With openings, the sentences take them in turn
 * ("Hi team, " …; an empty opening leaves the sentence as it is), so the list is the same every time.
 */
export function expandTemplates(templates: readonly SentenceTemplate[], openings: readonly string[] = ['']): string[] {
  const sentences: string[] = [];
  templates.forEach(([template, fillers], templateIndex) => {
    fillers.forEach((filler, fillerIndex) => {
      const opening = openings[(templateIndex + fillerIndex) % openings.length] as string;
      const sentence = template.replace('{}', filler);
      sentences.push(opening === '' ? sentence : opening + sentence.charAt(0).toLowerCase() + sentence.slice(1));
    });
  });
  return sentences;
}
