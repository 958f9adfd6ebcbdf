import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-io.ts';
import { chooseServerWorkers, parseServeOptions } from './serve-options.ts';

describe('agentapi serve options', () => {
  it('reads --workers N and --workers=N, and nothing when absent', () => {
    expect(parseServeOptions([])).toEqual({ workers: undefined });
    expect(parseServeOptions(['--workers', '4'])).toEqual({ workers: 4 });
    expect(parseServeOptions(['--workers=64'])).toEqual({ workers: 64 });
    expect(parseServeOptions(['--workers', '1'])).toEqual({ workers: 1 });
  });

  it.each(['0', 'abc', '1000', '65', '-1', '2.5', '', '1e1'])('refuses --workers %j with the range', (value) => {
    expect(() => parseServeOptions([`--workers=${value}`])).toThrow(new UsageError(`--workers must be a whole number from 1 to 64 (got "${value}")`));
  });

  it('refuses unknown options and arguments', () => {
    expect(() => parseServeOptions(['--port', '3000'])).toThrow(/Unknown option/);
    expect(() => parseServeOptions(['extra'])).toThrow(/positional/);
  });
});

describe('the number of server workers', () => {
  it('takes --workers over the configured count', () => {
    expect(chooseServerWorkers({ workers: 3 }, 8, 'sqlite:./data/agentapi.db')).toEqual({ workers: 3, reduced: false });
    expect(chooseServerWorkers({ workers: undefined }, 8, 'postgres://h/db')).toEqual({ workers: 8, reduced: false });
  });

  it('serves an in-memory database with one process: more on the command line is a mistake, from the configuration it is reduced', () => {
    expect(() => chooseServerWorkers({ workers: 2 }, 1, 'sqlite::memory:')).toThrow(UsageError);
    expect(chooseServerWorkers({ workers: 1 }, 8, 'sqlite::memory:')).toEqual({ workers: 1, reduced: false });
    expect(chooseServerWorkers({ workers: undefined }, 8, 'sqlite::memory:')).toEqual({ workers: 1, reduced: true });
  });
});
