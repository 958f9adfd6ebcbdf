/** What a moderation model says of some texts, in the content layer's category names. */
export interface ModerationVerdict {
  flagged: boolean;
  categories: string[];
}

/** An external moderation model the content layer may consult. Undefined when it gave no answer in time. */
export interface ContentModerator {
  readonly name: string;
  moderate(texts: readonly string[]): Promise<ModerationVerdict | undefined>;
}
