import type { WebSearch, WebSearchResult } from '../../ports/web-search.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';

interface BraveResponse {
  web?: { results?: { title?: string; url?: string; description?: string }[] };
}

const defaultBaseUrl = 'https://api.search.brave.com';

/** Brave Search's web endpoint (`GET /res/v1/web/search`), authenticated by subscription token. */
export class BraveWebSearch implements WebSearch {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;

  constructor(settings: { apiKey: string; baseUrl?: string | undefined; timeoutMs: number }) {
    this.#apiKey = settings.apiKey;
    this.#baseUrl = trimEnd(settings.baseUrl ?? defaultBaseUrl, oneOf('/'));
    this.#timeoutMs = settings.timeoutMs;
  }

  async search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<WebSearchResult[]> {
    const url = new URL(`${this.#baseUrl}/res/v1/web/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('count', String(Math.min(20, Math.max(1, options.limit))));
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'x-subscription-token': this.#apiKey },
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    if (!response.ok) throw new Error(`web search answered ${response.status}`);
    const body = (await response.json()) as BraveResponse;
    return (body.web?.results ?? [])
      .filter((result) => typeof result.url === 'string' && /^https?:\/\//.test(result.url))
      .slice(0, options.limit)
      .map((result) => ({ title: stripTags(result.title ?? ''), url: result.url as string, snippet: stripTags(result.description ?? '') }));
  }
}

/**
 * Brave marks matches with <strong>; the snippets are plain text to us. Each "<" up to the next ">" goes,
 * found by indexOf: `/<[^>]*>/g` would read to the end of the text from every "<" that is never closed.
 */
function stripTags(text: string): string {
  let plain = '';
  let from = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', from)) {
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    plain += text.slice(from, open);
    from = close + 1;
  }
  return (plain + text.slice(from)).replace(/\s+/g, ' ').trim();
}
