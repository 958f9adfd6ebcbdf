import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-io.ts';
import { fieldValue, keyValuePairs, parseCommandArguments } from './command-arguments.ts';
import { takeGlobalOptions } from './global-options.ts';

describe('command-line arguments', () => {
  it('splits known flags and options from agent fields, in either spelling', () => {
    const parsed = parseCommandArguments(['leads', '--user', 'u1', '--niche=dental clinics', '--steps', '4', '--json', '--input', 'a=1', '--input', 'b=x'], {
      flags: ['json'],
      strings: ['user'],
      repeated: ['input'],
    });
    expect(parsed).toEqual({ positionals: ['leads'], options: { user: 'u1', json: true }, fields: { niche: 'dental clinics', steps: 4 }, repeated: { input: ['a=1', 'b=x'] } });
  });

  it('reads numbers, booleans and JSON as such, and anything else as text', () => {
    expect([fieldValue('4'), fieldValue('true'), fieldValue('["a"]'), fieldValue('{"k":1}'), fieldValue('Berlin'), fieldValue('{broken')]).toEqual([4, true, ['a'], { k: 1 }, 'Berlin', '{broken']);
    expect(keyValuePairs(['topic=a=b', 'count=2'], '--input')).toEqual({ topic: 'a=b', count: 2 });
  });

  it('calls a missing value or a malformed pair a usage mistake', () => {
    expect(() => parseCommandArguments(['--user'], { flags: [], strings: ['user'] })).toThrow(UsageError);
    expect(() => parseCommandArguments(['--json=1'], { flags: ['json'], strings: [] })).toThrow(UsageError);
    expect(() => keyValuePairs(['novalue'], '--input')).toThrow(UsageError);
  });

  it('takes --data-dir and --debug from anywhere on the line', () => {
    expect(takeGlobalOptions(['keys', '--data-dir', '/d', 'list', '--debug'])).toEqual({ dataDir: '/d', debug: true, args: ['keys', 'list'] });
    expect(takeGlobalOptions(['--data-dir=/e', 'runs'])).toMatchObject({ dataDir: '/e', args: ['runs'] });
    expect(() => takeGlobalOptions(['runs', '--data-dir'])).toThrow(UsageError);
  });
});
