import type { UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';

/** Environment that enables every real provider, each pointed at the local upstream simulator. */
export function allProvidersAt(simulator: UpstreamSimulator): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: simulator.baseUrls.openai,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: simulator.baseUrls.anthropic,
    GOOGLE_GENERATIVE_AI_API_KEY: 'google-test',
    GOOGLE_BASE_URL: simulator.baseUrls.google,
    GROQ_API_KEY: 'gsk-test',
    GROQ_BASE_URL: simulator.baseUrls.groq,
    MISTRAL_API_KEY: 'mistral-test',
    MISTRAL_BASE_URL: simulator.baseUrls.mistral,
    NVIDIA_API_KEY: 'nvapi-test',
    NVIDIA_BASE_URL: simulator.baseUrls.nvidia,
  };
}
