import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { parseConfig } from './load-config.ts';

describe('parseConfig', () => {
  it('says where the database URL came from; --data-dir wins over DATABASE_URL and holds the webhook key file', () => {
    const fromEnvironment = parseConfig({ DATABASE_URL: 'postgres://u@h:5432/d' });
    expect(fromEnvironment.ok && fromEnvironment.config.database).toMatchObject({ url: 'postgres://u@h:5432/d', urlSource: 'DATABASE_URL' });
    const fromFlag = parseConfig({ DATABASE_URL: 'postgres://u@h:5432/d' }, { dataDir: '/srv/agentapi' });
    expect(fromFlag.ok && fromFlag.config.database).toMatchObject({ url: 'sqlite:/srv/agentapi/agentapi.db', urlSource: '--data-dir' });
    expect(fromFlag.ok && fromFlag.config.webhookSecretKey.keyFile).toBe('/srv/agentapi/webhook-secret.key');
  });

  it('takes LOG_FORMAT json, pretty or auto, and refuses anything else', () => {
    const pretty = parseConfig({ LOG_FORMAT: 'pretty' });
    expect(pretty.ok && pretty.config.logFormat).toBe('pretty');
    const wrong = parseConfig({ LOG_FORMAT: 'xml' });
    expect(!wrong.ok && wrong.problems.join()).toContain('LOG_FORMAT: must be json, pretty or auto');
  });

  it('gives working defaults for an empty environment', () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.server).toEqual({ host: '0.0.0.0', port: 3000, bodyLimitBytes: 1048576, workers: Math.min(availableParallelism(), 64) });
    expect(result.config.database).toEqual({ url: 'sqlite:./data/agentapi.db', urlSource: 'default', autoMigrate: true, preparedStatements: true });
    expect(result.config.logFormat).toBe('auto');
    expect(result.config.paths.catalogDir).toMatch(/catalog$/);
    expect(result.config.providers.openai).toEqual({ apiKey: undefined, baseUrl: undefined });
  });

  it('reads SERVER_WORKERS from 1 to 64 and refuses anything else', () => {
    const one = parseConfig({ SERVER_WORKERS: '1' });
    expect(one.ok && one.config.server.workers).toBe(1);
    for (const wrong of ['0', '65', 'abc', '2.5']) {
      const result = parseConfig({ SERVER_WORKERS: wrong });
      expect(!result.ok && result.problems.join()).toContain('SERVER_WORKERS');
    }
  });

  it('reads provider keys and base URLs, and treats empty values as unset', () => {
    const result = parseConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:4010/openai/v1', GROQ_API_KEY: '', AUTO_MIGRATE: 'false' });
    expect(result.ok && result.config.providers.openai).toEqual({ apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:4010/openai/v1' });
    expect(result.ok && result.config.providers.groq.apiKey).toBeUndefined();
    expect(result.ok && result.config.database.autoMigrate).toBe(false);
  });

  it('lists every problem at once, without echoing secrets', () => {
    const result = parseConfig({
      PORT: '70000',
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      ADMIN_TOKEN: 'too-short-secret',
      OPENAI_BASE_URL: 'not a url',
      REDIS_URL: 'http://cache',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN', 'OPENAI_BASE_URL']);
    expect(result.problems.join('\n')).not.toContain('hunter2');
    expect(result.problems.join('\n')).not.toContain('too-short-secret');
  });

  it('reads the service-wide safety layer modes and thresholds, unset unless given; the critic asks a model on risk by default', () => {
    const unset = parseConfig({});
    expect(unset.ok && unset.config.safety.defaults).toEqual({ jailbreak: { mode: undefined, threshold: undefined }, content: { mode: undefined, threshold: undefined }, toolInjection: undefined, critic: 'risk' });
    const set = parseConfig({ SAFETY_JAILBREAK_MODE: 'flag', SAFETY_JAILBREAK_THRESHOLD: '0.85', SAFETY_CONTENT_MODE: 'off', SAFETY_TOOL_INJECTION_MODE: 'block', SAFETY_CRITIC: 'model' });
    expect(set.ok && set.config.safety.defaults).toEqual({ jailbreak: { mode: 'flag', threshold: 0.85 }, content: { mode: 'off', threshold: undefined }, toolInjection: 'block', critic: 'model' });
    const wrong = parseConfig({ SAFETY_CONTENT_MODE: 'warn', SAFETY_JAILBREAK_THRESHOLD: '1.5', SAFETY_TOOL_INJECTION_MODE: 'redact' });
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(wrong.problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['SAFETY_CONTENT_MODE', 'SAFETY_JAILBREAK_THRESHOLD', 'SAFETY_TOOL_INJECTION_MODE']);
  });
});
