import type { OutboundHttp } from '../../ports/outbound-http.ts';
import type { PageReader, ReadablePage } from '../../ports/page-reader.ts';
import { pageUrlOf } from './page-target.ts';
import { readableText } from './readable-text.ts';

/** Enough text for a model to answer questions about a page, without flooding its context. */
const defaultMaxTextCharacters = 30_000;

/** Reads pages through the SSRF-safe client and reduces HTML to its readable text. */
export class HtmlPageReader implements PageReader {
  readonly #http: OutboundHttp;

  constructor(http: OutboundHttp) {
    this.#http = http;
  }

  async read(target: string, options: { signal?: AbortSignal; maxTextCharacters?: number } = {}): Promise<ReadablePage> {
    const url = pageUrlOf(target);
    const response = await this.#http.request({
      url,
      headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const isHtml = /html|xml/i.test(response.headers['content-type'] ?? 'text/html');
    const { title, text } = isHtml ? readableText(response.body) : { title: null, text: response.body.trim() };
    const limit = options.maxTextCharacters ?? defaultMaxTextCharacters;
    return {
      url,
      finalUrl: response.finalUrl,
      status: response.status,
      title,
      text: text.slice(0, limit),
      truncated: response.truncated || text.length > limit,
    };
  }
}
