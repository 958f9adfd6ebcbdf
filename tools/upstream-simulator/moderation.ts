import { isJsonObject } from './simulated-call.ts';

/** OpenAI's moderation categories, as `POST /v1/moderations` names them. */
const categoryNames = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/**
 * A deterministic stand-in for the moderation model: a few unmistakable phrases flag their categories, so
 * tests can tell a text the local classifier passed from one the moderation model flags.
 */
const phrases: readonly [RegExp, readonly (typeof categoryNames)[number][]][] = [
  [/\b(?:i will|i'm going to|we will) (?:hurt|kill|destroy) (?:you|him|her|them)\b/i, ['violence', 'harassment/threatening']],
  [/\bhow (?:do i|to) (?:make|build) (?:a )?(?:bomb|explosive)/i, ['illicit/violent']],
  [/\bmoderation test: flag\b/i, ['harassment']],
];

/** The body of a `POST /v1/moderations` answer for the request body, or an error message. */
export function moderationReply(body: unknown): { status: number; body: unknown } {
  const input = isJsonObject(body) ? body.input : undefined;
  const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((item) => typeof item === 'string') ? (input as string[]) : undefined;
  if (!texts) return { status: 400, body: { error: { message: "Invalid 'input': expected a string or an array of strings.", type: 'invalid_request_error', param: 'input', code: null } } };
  const model = isJsonObject(body) && typeof body.model === 'string' ? body.model : 'omni-moderation-latest';
  return {
    status: 200,
    body: {
      id: `modr-${Date.now().toString(36)}`,
      model,
      results: texts.map((text) => {
        const flaggedCategories = new Set(phrases.filter(([pattern]) => pattern.test(text)).flatMap(([, categories]) => categories));
        return {
          flagged: flaggedCategories.size > 0,
          categories: Object.fromEntries(categoryNames.map((name) => [name, flaggedCategories.has(name)])),
          category_scores: Object.fromEntries(categoryNames.map((name) => [name, flaggedCategories.has(name) ? 0.97 : 0.0004])),
        };
      }),
    },
  };
}
