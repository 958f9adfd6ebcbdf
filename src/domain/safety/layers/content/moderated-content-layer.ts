import type { ContentModerator } from '../../../../ports/content-moderator.ts';
import type { TextLayerResult, TextSafetyLayer } from '../../safety-layer.ts';
import { scanTexts } from '../../text/normalize-text.ts';

/** What a moderation model is shown of one screening: enough for a verdict, bounded in size. */
const maxModeratedCharacters = 32_000;

/**
 * The content layer with a second opinion: when the local classifier does not block, the configured
 * moderation model reads the same texts, and what it flags blocks with its categories (`moderation` added,
 * so callers can tell who decided). No answer leaves the local verdict.
 */
export function withModeration(local: TextSafetyLayer, moderator: ContentModerator): TextSafetyLayer {
  return {
    name: local.name,
    stages: local.stages,
    async scan(strings, context): Promise<TextLayerResult> {
      const result = await local.scan(strings, context);
      if (result.report.verdict === 'block') return result;
      const texts: string[] = [];
      let size = 0;
      for (const text of strings.flatMap((string) => scanTexts(string.normalized))) {
        if (size + text.length > maxModeratedCharacters) break;
        texts.push(text);
        size += text.length;
      }
      if (texts.length === 0) return result;
      const verdict = await moderator.moderate(texts);
      if (!verdict?.flagged) return result;
      const categories = [...new Set([...result.report.categories, ...verdict.categories, 'moderation'])].sort();
      return { report: { verdict: 'block', score: Math.max(result.report.score, 0.99), categories } };
    },
  };
}
