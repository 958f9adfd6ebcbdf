import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.ts';

describe('redacting secrets from log lines', () => {
  it('returns a line without secrets unchanged, not a copy', () => {
    const line = { method: 'POST', route: '/api/agents/:id/run', status: 200, ms: 4.2, account: 'acme', agent: 'summarize' };
    expect(redactSecrets(line)).toBe(line);
  });

  it('censors credentials and caller text at any depth, whatever the case of the key', () => {
    const line = { req: { headers: { Authorization: 'Bearer ak_live_x', accept: 'json' } }, input: { prompt: 'private', nested: [{ apiKey: 'k' }] } };
    expect(redactSecrets(line)).toEqual({ req: { headers: { Authorization: '[redacted]', accept: 'json' } }, input: { prompt: '[redacted]', nested: [{ apiKey: '[redacted]' }] } });
    expect(line.input.prompt).toBe('private');
  });

  it('turns errors into plain objects whose fields are censored, keeping message and stack', () => {
    const upstream = Object.assign(new Error('Bad Request'), { statusCode: 400, requestBodyValues: { messages: [{ content: 'the user prompt' }] } });
    const logged = redactSecrets({ err: new Error('Upstream failed', { cause: upstream }) });
    const err = logged.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'Error', message: 'Upstream failed' });
    expect(err.stack).toContain('Upstream failed');
    expect(err.cause).toMatchObject({ message: 'Bad Request', statusCode: 400, requestBodyValues: '[redacted]' });
    expect(JSON.stringify(logged)).not.toContain('the user prompt');
  });

  it('stops at a cycle instead of recursing forever', () => {
    const line: Record<string, unknown> = { name: 'loop' };
    line.self = line;
    expect(() => JSON.stringify(redactSecrets(line), (_key, value: unknown) => (value === line ? undefined : value))).not.toThrow();
  });
});
