export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** A web search engine, when one is configured. */
export interface WebSearch {
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<WebSearchResult[]>;
}
