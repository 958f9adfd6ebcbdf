/** A written example for the jailbreak model: its text, whether it is an attack (1) or not (0), and its source. */
export interface LabelledExample {
  text: string;
  label: 0 | 1;
  source: string;
}

/** The texts as examples of one label and source, in their order (held out together as that source). */
export function labelled(texts: readonly string[], label: 0 | 1, source: string): LabelledExample[] {
  return texts.map((text) => ({ text, label, source }));
}
