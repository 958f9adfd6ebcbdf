import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../support/raw-http.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { fuzzSettings } from './fuzz-settings.ts';
import { answerProblems } from './invariants.ts';
import { rawRequest } from './raw-requests.ts';
import { runProperty } from './run-property.ts';

/** Malformed HTTP on a real socket to the real server process: what inject() cannot send, since it skips Node's parser. */
const settings = fuzzSettings();
const name = 'raw requests to the server process';
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  server = await startServerProcess({ DATABASE_URL: freshSqliteUrl() });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.stop('SIGKILL');
});

describe(name, () => {
  it('answers every malformed request below 500 in the JSON error body, or a success, and stays up', { timeout: settings.long ? 24 * 3_600_000 : 60_000 }, async () => {
    const property = fc.asyncProperty(rawRequest, async (request) => {
      const started = performance.now();
      const response = await sendRaw(port, request);
      const elapsedMs = performance.now() - started;
      const text = Buffer.concat(request).toString('latin1');
      const shown = JSON.stringify(text.slice(0, 400));
      if (Number.isNaN(response.status)) throw new Error(`no answer to ${shown}`);
      const method = text.split(' ')[0] ?? '';
      const problems = answerProblems({ method: method === 'HEAD' ? 'HEAD' : method, statusCode: response.status, headers: response.headers, body: response.body }, 'any', elapsedMs);
      if (problems.length > 0) throw new Error(`${shown}\n→ ${response.status}\n${problems.join('\n')}`);
      expect(server.process.exitCode).toBeNull();
    });
    await runProperty(property, settings, name);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
