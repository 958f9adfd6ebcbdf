import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { generateSandboxOutput } from './sandbox-output.ts';

/**
 * The provider that answers when none is configured: deterministic JSON that satisfies the requested
 * schema, built from the task's words. It speaks the AI SDK's model interface, so it travels the same
 * code path as every real provider.
 */
export class SandboxLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'sandbox';
  readonly modelId: string;
  readonly supportedUrls = {};

  constructor(modelId: string) {
    this.modelId = modelId;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { text, usage } = answer(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
      response: { id: `sandbox-${Date.now()}`, modelId: this.modelId, timestamp: new Date() },
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { text, usage } = answer(options);
    const chunks = text.match(/[\s\S]{1,48}/g) ?? [];
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'text-0' },
      ...chunks.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'text-0', delta })),
      { type: 'text-end', id: 'text-0' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    return { stream };
  }
}

function answer(options: LanguageModelV4CallOptions): { text: string; usage: LanguageModelV4Usage } {
  const prompt = userText(options.prompt);
  const schema = options.responseFormat?.type === 'json' ? options.responseFormat.schema : undefined;
  const text = schema ? JSON.stringify(generateSandboxOutput(schema as Record<string, unknown>, prompt)) : `Sandbox answer: ${prompt}`;
  const inputCharacters = options.prompt.reduce((total, message) => total + JSON.stringify(message.content).length, 0);
  return { text, usage: estimateUsage(inputCharacters, text.length) };
}

/** The task text: every user message's text parts, in order. */
function userText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content.filter((part) => part.type === 'text').map((part) => part.text))
    .join('\n');
}

/** About four characters per token, the usual rule of thumb for English text. */
function estimateUsage(inputCharacters: number, outputCharacters: number): LanguageModelV4Usage {
  const inputTokens = Math.ceil(inputCharacters / 4);
  const outputTokens = Math.ceil(outputCharacters / 4);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  };
}
