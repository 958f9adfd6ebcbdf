import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { chatCompletionBody, chatStyles, type ChatStyle } from './chat-completion-request.ts';

/** A request with every setting a style changes: a system turn, each sampling setting, a token limit. */
const probe: LanguageModelV4CallOptions = {
  prompt: [
    { role: 'system', content: 'probe' },
    { role: 'user', content: [{ type: 'text', text: 'probe' }] },
  ],
  maxOutputTokens: 64,
  temperature: 0.5,
  topP: 0.5,
  frequencyPenalty: 0.5,
  presencePenalty: 0.5,
  seed: 1,
  responseFormat: { type: 'json', schema: { type: 'object' }, name: 'response' },
  providerOptions: { openai: { strictJsonSchema: false } },
};

type ArgsBuilder = { getArgs(options: LanguageModelV4CallOptions): Promise<{ args: unknown }> };

function buildsArgs(model: LanguageModelV4): model is LanguageModelV4 & ArgsBuilder {
  return typeof (model as Partial<ArgsBuilder>).getArgs === 'function';
}

/**
 * The style in which the SDK's chat model sends a model's requests: the SDK builds the body of a probe
 * request (its own `getArgs`, no call is made), and the style whose body is the same JSON text is the
 * model's. The SDK knows which models reason from its own tables; asking it keeps the lean path exact as
 * those tables change. Undefined when no style matches or the SDK no longer builds bodies apart: then the
 * SDK sends every request.
 */
export async function learnChatStyle(sdkModel: LanguageModelV4): Promise<ChatStyle | undefined> {
  if (!buildsArgs(sdkModel)) return undefined;
  let sent: string;
  try {
    sent = JSON.stringify((await sdkModel.getArgs(probe)).args);
  } catch {
    return undefined;
  }
  return chatStyles.find((style) => JSON.stringify(chatCompletionBody(sdkModel.modelId, probe, style)) === sent);
}
