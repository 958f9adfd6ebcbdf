/** A web page reduced to what a reader sees: its title and main text. */
export interface ReadablePage {
  url: string;
  finalUrl: string;
  status: number;
  title: string | null;
  text: string;
  /** True when the page (or its text) was longer than the caps and only its start is here. */
  truncated: boolean;
}

export interface PageReader {
  /** Fetches a page (a bare domain means its home page over HTTPS). Throws OutboundError. */
  read(target: string, options?: { signal?: AbortSignal; maxTextCharacters?: number }): Promise<ReadablePage>;
}
