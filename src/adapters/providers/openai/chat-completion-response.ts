/**
 * The shape of a Chat Completions answer as the AI SDK's OpenAI chat model accepts it (its zod
 * `openaiChatResponseSchema`), checked by hand: the same values pass and fail, at a fraction of the CPU.
 * Only the fields read here are typed; unknown keys are allowed, as zod strips rather than rejects them.
 */
export interface ChatCompletion {
  id?: string | null;
  created?: number | null;
  model?: string | null;
  choices: ChatCompletionChoice[];
  usage?: ChatCompletionUsage | null;
}

export interface ChatCompletionChoice {
  message: {
    content?: string | null;
    refusal?: string | null;
    audio?: { transcript?: string | null } | null;
    tool_calls?: { id?: string | null; function: { name: string; arguments: string } }[] | null;
    annotations?: { url_citation: { url: string; title: string } }[] | null;
  };
  logprobs?: { content?: unknown[] | null; refusal?: unknown[] | null } | null;
  finish_reason?: string | null;
}

export interface ChatCompletionUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null; accepted_prediction_tokens?: number | null; rejected_prediction_tokens?: number | null } | null;
}

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isNumber: Check = (value) => typeof value === 'number';
const isAny: Check = () => true;
const literal =
  (expected: string): Check =>
  (value) =>
    value === expected;
const nullish =
  (check: Check): Check =>
  (value) =>
    value === undefined || value === null || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const oneOf =
  (...checks: Check[]): Check =>
  (value) =>
    checks.some((check) => check(value));

function objectOf(shape: Record<string, Check>): Check {
  const entries = Object.entries(shape);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return entries.every(([key, check]) => check(record[key]));
  };
}

const tokenLogprobs = nullish(arrayOf(objectOf({ token: isString, logprob: isNumber, top_logprobs: arrayOf(objectOf({ token: isString, logprob: isNumber })) })));
const nullishNumber = nullish(isNumber);
const nullishString = nullish(isString);

const chatCompletionShape = objectOf({
  id: nullishString,
  created: nullishNumber,
  model: nullishString,
  choices: arrayOf(
    objectOf({
      message: objectOf({
        role: nullish(literal('assistant')),
        content: nullishString,
        refusal: nullishString,
        audio: nullish(objectOf({ transcript: nullishString })),
        tool_calls: nullish(arrayOf(objectOf({ id: nullishString, type: literal('function'), function: objectOf({ name: isString, arguments: isString }) }))),
        annotations: nullish(
          arrayOf(
            objectOf({
              type: literal('url_citation'),
              url_citation: objectOf({ start_index: isNumber, end_index: isNumber, url: isString, title: isString }),
            }),
          ),
        ),
      }),
      index: isNumber,
      logprobs: nullish(objectOf({ content: tokenLogprobs, refusal: tokenLogprobs })),
      finish_reason: nullishString,
    }),
  ),
  usage: nullish(
    objectOf({
      prompt_tokens: nullishNumber,
      completion_tokens: nullishNumber,
      total_tokens: nullishNumber,
      prompt_tokens_details: nullish(objectOf({ cached_tokens: nullishNumber, cache_write_tokens: nullishNumber })),
      completion_tokens_details: nullish(objectOf({ reasoning_tokens: nullishNumber, accepted_prediction_tokens: nullishNumber, rejected_prediction_tokens: nullishNumber })),
    }),
  ),
});

/** The OpenAI error body (`{ error: { message, type, param, code } }`), as the SDK reads a failed answer. */
export const openAiErrorShape = objectOf({
  error: objectOf({ message: isString, type: nullishString, param: isAny, code: nullish(oneOf(isString, isNumber)) }),
});

export function isChatCompletion(value: unknown): value is ChatCompletion {
  return chatCompletionShape(value);
}
