import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { buildSlug, fitMetaDescription, fitSlug, fitTitle, isValidSlug } from './seo-lengths.ts';
import { measureText } from './text-statistics.ts';

/** Used when neither the model's slug nor the title gives one (a title in a non-Latin script). */
const fallbackSlug = 'post';

export const contentMetricsDescriptor: ToolDescriptor = {
  name: 'content-metrics',
  description: 'Text measurements: words, reading time and readability, with title, description and slug fitted to search limits',
  outputFields: {
    wordCount: { type: 'integer', minimum: 0, description: 'Words in the body, markup and code excluded' },
    readingTimeMinutes: { type: 'integer', minimum: 1, description: 'Whole minutes to read the body at 238 words per minute' },
    readability: {
      type: 'object',
      description: 'How easy the body is to read, measured on its prose',
      properties: {
        fleschReadingEase: { type: 'number', minimum: 0, maximum: 100, description: 'Flesch Reading Ease: 0 (hardest) to 100 (easiest)' },
        fleschKincaidGrade: { type: 'number', minimum: 0, description: 'Flesch-Kincaid grade: the US school year that reads it comfortably' },
        level: {
          type: 'string',
          enum: ['very easy', 'easy', 'fairly easy', 'standard', 'fairly difficult', 'difficult', 'very difficult'],
          description: 'The Reading Ease score in words, by Flesch’s bands',
        },
      },
      required: ['fleschReadingEase', 'fleschKincaidGrade', 'level'],
      additionalProperties: false,
    },
  },
  requiredOutputFields: ['wordCount', 'readingTimeMinutes', 'readability'],
};

/**
 * Measures what a model cannot count reliably (words, syllables, characters) and enforces the search
 * limits the model was asked to respect: title ≤ 60, meta description ≤ 155, slug ≤ 75 characters.
 */
export function createContentMetricsTool(): AgentTool {
  return {
    ...contentMetricsDescriptor,
    async finish(output) {
      const metrics = measureText(typeof output.body === 'string' ? output.body : '');
      const fitted: Record<string, unknown> = { ...output };
      if (typeof output.title === 'string') fitted.title = fitTitle(output.title);
      if (typeof output.metaDescription === 'string') fitted.metaDescription = fitMetaDescription(output.metaDescription);
      fitted.slug =
        typeof output.slug === 'string' && isValidSlug(output.slug)
          ? fitSlug(output.slug)
          : buildSlug(typeof fitted.title === 'string' ? fitted.title : '') || fallbackSlug;
      return {
        ...fitted,
        wordCount: metrics.wordCount,
        readingTimeMinutes: metrics.readingTimeMinutes,
        readability: {
          fleschReadingEase: metrics.fleschReadingEase,
          fleschKincaidGrade: metrics.fleschKincaidGrade,
          level: metrics.level,
        },
      };
    },
  };
}
