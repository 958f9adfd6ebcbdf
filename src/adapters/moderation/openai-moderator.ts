import type { ContentModerator, ModerationVerdict } from '../../ports/content-moderator.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';

/** OpenAI's moderation categories as the content layer names them (MLCommons hazards, plus harassment). */
const categoryMap: Readonly<Record<string, readonly string[]>> = {
  harassment: ['harassment'],
  'harassment/threatening': ['harassment', 'violent_crimes'],
  hate: ['hate'],
  'hate/threatening': ['hate', 'violent_crimes'],
  illicit: ['non_violent_crimes'],
  'illicit/violent': ['violent_crimes', 'indiscriminate_weapons'],
  'self-harm': ['self_harm'],
  'self-harm/intent': ['self_harm'],
  'self-harm/instructions': ['self_harm'],
  sexual: ['sexual_content'],
  'sexual/minors': ['child_sexual_exploitation'],
  violence: ['violent_crimes'],
  'violence/graphic': ['violent_crimes'],
};

interface ModerationResponse {
  results?: { flagged?: boolean; categories?: Record<string, boolean> }[];
}

/**
 * OpenAI's moderation endpoint (`POST {base}/moderations`, free of charge with an OpenAI key). Any failure or
 * a late answer gives undefined: the local classifier's verdict stands.
 */
export class OpenAiModerator implements ContentModerator {
  readonly name = 'openai-moderation';
  readonly #url: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: { baseUrl: string | undefined; apiKey: string; timeoutMs: number; fetch?: typeof fetch }) {
    this.#url = `${trimEnd(options.baseUrl ?? 'https://api.openai.com/v1', oneOf('/'))}/moderations`;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs;
    this.#fetch = options.fetch ?? fetch;
  }

  async moderate(texts: readonly string[]): Promise<ModerationVerdict | undefined> {
    try {
      const response = await this.#fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.#apiKey}` },
        body: JSON.stringify({ model: 'omni-moderation-latest', input: texts }),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as ModerationResponse;
      if (!Array.isArray(body.results)) return undefined;
      const categories = new Set<string>();
      for (const result of body.results) {
        for (const [name, on] of Object.entries(result.categories ?? {})) if (on) for (const category of categoryMap[name] ?? ['harassment']) categories.add(category);
      }
      return { flagged: body.results.some((result) => result.flagged === true), categories: [...categories].sort() };
    } catch {
      return undefined;
    }
  }
}
