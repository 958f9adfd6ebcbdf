import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { faultConfigSchema } from './fault-injection.ts';
import { startUpstreamSimulator } from './simulator-server.ts';

/** Runs the simulator on its own: `node tools/upstream-simulator/main.ts --port 4010 [--host 0.0.0.0] [--faults faults.json]`. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    faults: { type: 'string' },
    'log-limit': { type: 'string', default: '1000' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, got ${values.port}`);
const faults = values.faults ? faultConfigSchema.parse(JSON.parse(await readFile(values.faults, 'utf8'))) : undefined;

const simulator = await startUpstreamSimulator({ port, host: values.host, requestLogLimit: Number(values['log-limit']), ...(faults ? { faults } : {}) });

const environment: Record<string, string> = {
  OPENAI_BASE_URL: simulator.baseUrls.openai,
  ANTHROPIC_BASE_URL: simulator.baseUrls.anthropic,
  GOOGLE_BASE_URL: simulator.baseUrls.google,
  GROQ_BASE_URL: simulator.baseUrls.groq,
  MISTRAL_BASE_URL: simulator.baseUrls.mistral,
  NVIDIA_BASE_URL: simulator.baseUrls.nvidia,
  OLLAMA_BASE_URL: simulator.baseUrls.ollama,
};
process.stdout.write(`upstream simulator listening on ${simulator.url}\n`);
for (const [name, value] of Object.entries(environment)) process.stdout.write(`${name}=${value}\n`);
process.stdout.write(`control: ${simulator.url}/__control/{faults,reset,requests,health}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
