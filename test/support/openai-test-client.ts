import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { TestApp } from './test-app.ts';

/** The test app listening on a free port, an API key for `user`, and OpenAI's client pointed at its `/v1` (no retries). */
export async function listeningOpenAiClient(testApp: TestApp, user: string): Promise<{ client: OpenAI; baseURL: string; key: string }> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const baseURL = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/v1`;
  const key = await testApp.createKey(user);
  return { client: new OpenAI({ apiKey: key, baseURL, maxRetries: 0 }), baseURL, key };
}
