import {
  APICallError,
  InvalidResponseDataError,
  JSONParseError,
  TypeValidationError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4Content,
  type LanguageModelV4FinishReason,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { createNullLanguageModelUsage, generateId, getRuntimeEnvironmentUserAgent, secureJsonParse, VERSION as providerUtilsVersion } from '@ai-sdk/provider-utils';
import { chatCompletionBody, type ChatStyle } from './chat-completion-request.ts';
import { learnChatStyle } from './learn-chat-style.ts';
import { failedResponseError, fetchFailure, type CallRecord } from './chat-completion-errors.ts';
import { isChatCompletion, type ChatCompletion, type ChatCompletionChoice, type ChatCompletionUsage } from './chat-completion-response.ts';
import { fetchWhole, type WholeAnswer } from '../upstream-fetch.ts';

/** Where and how the lean path posts: the SDK provider's base URL and key, and the same fetch. */
export interface LeanChatConnection {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  /** The SDK provider package's version, which it names in the user-agent. */
  sdkVersion: string;
}

/**
 * An OpenAI Chat Completions model whose doGenerate builds the request and reads the answer itself, for
 * the requests chatCompletionBody covers in the style the SDK sends this model's requests in (learnt once,
 * see learn-chat-style.ts), and otherwise (and for doStream) is the SDK's own model. It
 * sends what the SDK sends, to the same URL with the same headers, and returns and throws what the SDK
 * would (docs/decisions/0068-lean-openai-chat-path.md); it skips the SDK's per-call option parsing,
 * schema normalisation, header resolution and zod validation of the answer.
 */
export class LeanChatModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly #sdkModel: LanguageModelV4;
  readonly #url: string;
  readonly #headers: Record<string, string>;
  readonly #fetch: typeof fetch;
  /** How the SDK sends this model's requests, learnt from it once; undefined: every call goes to the SDK. */
  #style: Promise<ChatStyle | undefined> | undefined;

  constructor(sdkModel: LanguageModelV4, connection: LeanChatConnection) {
    this.#sdkModel = sdkModel;
    this.#url = `${connection.baseUrl}/chat/completions`;
    // The SDK's headers after its two user-agent suffixes, lower-cased and in the order it sends them.
    const userAgent = [`ai-sdk-openai/${connection.sdkVersion}`, `ai-sdk-provider-utils/${providerUtilsVersion}`, getRuntimeEnvironmentUserAgent()].filter(Boolean).join(' ');
    this.#headers = { authorization: `Bearer ${connection.apiKey}`, 'content-type': 'application/json', 'user-agent': userAgent };
    this.#fetch = connection.fetch;
  }

  get provider(): string {
    return this.#sdkModel.provider;
  }

  get modelId(): string {
    return this.#sdkModel.modelId;
  }

  get supportedUrls(): LanguageModelV4['supportedUrls'] {
    return this.#sdkModel.supportedUrls;
  }

  doStream(options: LanguageModelV4CallOptions): ReturnType<LanguageModelV4['doStream']> {
    return this.#sdkModel.doStream(options);
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    this.#style ??= learnChatStyle(this.#sdkModel);
    const style = await this.#style;
    const body = style ? chatCompletionBody(this.modelId, options, style) : undefined;
    if (body === undefined) return this.#sdkModel.doGenerate(options);
    const call: CallRecord = { url: this.#url, requestBodyValues: body };
    let response: WholeAnswer;
    try {
      response = await fetchWhole(this.#fetch, this.#url, { method: 'POST', headers: this.#headers, body: JSON.stringify(body), ...(options.abortSignal ? { signal: options.abortSignal } : {}) });
    } catch (error) {
      throw fetchFailure(error, call);
    }
    const { text } = response;
    if (response.status < 200 || response.status > 299) throw failedResponseError(response, text, call);
    const completion = parsedCompletion(response, text, call);
    const choice = completion.choices[0];
    if (choice === undefined) throw new InvalidResponseDataError({ data: completion, message: 'Response did not contain any choices.' });
    return {
      content: contentOf(choice),
      finishReason: finishReasonOf(choice),
      usage: usageOf(completion.usage),
      request: { body, url: this.#url },
      response: {
        id: completion.id ?? undefined,
        modelId: completion.model ?? undefined,
        timestamp: completion.created ? new Date(completion.created * 1000) : undefined,
        headers: response.headers,
        body: completion,
      },
      warnings: [],
      providerMetadata: { openai: providerMetadataOf(choice, completion.usage) },
    };
  }
}

/** The answer's JSON, or the APICallError("Invalid JSON response") the SDK throws for any other 2xx body. */
function parsedCompletion(response: WholeAnswer, text: string, call: CallRecord): ChatCompletion {
  let value: unknown;
  let cause: Error;
  try {
    value = secureJsonParse(text);
    if (isChatCompletion(value)) return value;
    cause = new TypeValidationError({ value, cause: new Error('the answer is not a Chat Completions response') });
  } catch (error) {
    cause = new JSONParseError({ text, cause: error });
  }
  throw new APICallError({ ...call, message: 'Invalid JSON response', cause, statusCode: response.status, responseHeaders: response.headers, responseBody: text });
}

/** The text (or an audio answer's transcript), a refusal, tool calls and cited sources, in the SDK's order. */
function contentOf(choice: ChatCompletionChoice): LanguageModelV4Content[] {
  const { message } = choice;
  const content: LanguageModelV4Content[] = [];
  const text = message.content ? message.content : message.audio?.transcript;
  if (text) content.push({ type: 'text', text });
  if (message.refusal) content.push({ type: 'text', text: message.refusal });
  for (const toolCall of message.tool_calls ?? []) {
    content.push({ type: 'tool-call', toolCallId: toolCall.id || generateId(), toolName: toolCall.function.name, input: toolCall.function.arguments });
  }
  for (const annotation of message.annotations ?? []) {
    content.push({ type: 'source', sourceType: 'url', id: generateId(), url: annotation.url_citation.url, title: annotation.url_citation.title });
  }
  return content;
}

const unifiedFinishReasons: Record<string, LanguageModelV4FinishReason['unified']> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  function_call: 'tool-calls',
  tool_calls: 'tool-calls',
};

function finishReasonOf(choice: ChatCompletionChoice): LanguageModelV4FinishReason {
  const raw = choice.finish_reason ?? undefined;
  const unified = raw === 'stop' && choice.message.refusal ? 'content-filter' : ((raw !== undefined ? unifiedFinishReasons[raw] : undefined) ?? 'other');
  return { unified, raw };
}

/** Token counts as the SDK reads them (convertOpenAIChatUsage). */
function usageOf(usage: ChatCompletionUsage | null | undefined): LanguageModelV4Usage {
  if (usage == null) return createNullLanguageModelUsage();
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheWriteTokens = usage.prompt_tokens_details?.cache_write_tokens ?? undefined;
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: { total: promptTokens, noCache: promptTokens - cachedTokens - (cacheWriteTokens ?? 0), cacheRead: cachedTokens, cacheWrite: cacheWriteTokens },
    outputTokens: { total: completionTokens, text: Math.max(0, completionTokens - reasoningTokens), reasoning: reasoningTokens },
    raw: usage as Record<string, never>,
  };
}

function providerMetadataOf(choice: ChatCompletionChoice, usage: ChatCompletionUsage | null | undefined): Record<string, never> {
  const metadata: Record<string, unknown> = {};
  const details = usage?.completion_tokens_details;
  if (details?.accepted_prediction_tokens != null) metadata['acceptedPredictionTokens'] = details.accepted_prediction_tokens;
  if (details?.rejected_prediction_tokens != null) metadata['rejectedPredictionTokens'] = details.rejected_prediction_tokens;
  const { content, refusal } = choice.logprobs ?? {};
  if (content != null || refusal != null) metadata['logprobs'] = [...(content ?? []), ...(refusal ?? [])];
  return metadata as Record<string, never>;
}
