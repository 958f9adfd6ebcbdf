import { describe, expect, it } from 'vitest';
import { createLogger, prettyOutput } from './create-logger.ts';

function capture(now: () => number) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }, { now });
  return { logger, lines };
}

describe('repeated warnings and errors', () => {
  it('logs an identical warning once a minute, the next one with how many were left out', () => {
    let time = 0;
    const { logger, lines } = capture(() => time);
    for (let second = 0; second < 58; second += 1) {
      time = second * 1000;
      logger.warn({ retryInMs: 1000 }, 'sqlite:/x.db is not ready (pending migrations)');
    }
    expect(lines).toHaveLength(1);
    time = 60_000;
    logger.warn({ retryInMs: 1000 }, 'sqlite:/x.db is not ready (pending migrations)');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.msg).toBe('sqlite:/x.db is not ready (pending migrations) (repeated 57 times in the last minute)');
    expect(lines[1]?.retryInMs).toBe(1000);
  });

  it('tells errors apart by their message, and leaves info lines alone', () => {
    const { logger, lines } = capture(() => 0);
    logger.error({ err: new Error('connect ECONNREFUSED 127.0.0.1:6379') }, 'redis error');
    logger.error({ err: new Error('connect ECONNREFUSED 127.0.0.1:6379') }, 'redis error');
    logger.error({ err: new Error('NOAUTH') }, 'redis error');
    logger.info('request');
    logger.info('request');
    expect(lines.map((line) => line.msg)).toEqual(['redis error', 'redis error', 'request', 'request']);
  });

  it('keeps every line of a request, each being its record', () => {
    const { logger, lines } = capture(() => 0);
    for (const reqId of ['a', 'b']) logger.child({ reqId }).error({ err: new Error('boom') }, 'request failed');
    expect(lines.map((line) => line.reqId)).toEqual(['a', 'b']);
  });
});

describe('the log format', () => {
  it('is forced by LOG_FORMAT, and otherwise follows whether the output is a terminal', () => {
    expect(prettyOutput('pretty', 1)).toBe(true);
    expect(prettyOutput('json', 1)).toBe(false);
    expect(prettyOutput('auto', 1)).toBe(process.stdout.isTTY === true);
  });
});
