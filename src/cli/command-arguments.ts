import { UsageError } from './cli-io.ts';

/** A command line of options the command knows, plus free `--<field> <value>` pairs (agent fields). */
export interface ParsedArguments {
  positionals: string[];
  /** The command's own options: strings, or true for flags. */
  options: Record<string, string | true>;
  /** Every other `--name value`, its value read as JSON when it is a number, boolean, null, object or array. */
  fields: Record<string, unknown>;
  /** Options that may be given more than once, every value in order. */
  repeated: Record<string, string[]>;
}

/**
 * Splits a command line: `flags` take no value, `strings` take one, and any other `--name value` (or
 * `--name=value`) is a field. A field or string option without a value is a usage mistake.
 */
export function parseCommandArguments(args: readonly string[], known: { flags: readonly string[]; strings: readonly string[]; repeated?: readonly string[] }): ParsedArguments {
  const parsed: ParsedArguments = { positionals: [], options: {}, fields: {}, repeated: {} };
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] ?? '';
    if (!argument.startsWith('--') || argument === '--') {
      if (argument !== '--') parsed.positionals.push(argument);
      continue;
    }
    const equals = argument.indexOf('=');
    const name = argument.slice(2, equals === -1 ? undefined : equals);
    if (name === '') throw new UsageError(`Invalid option "${argument}"`);
    if (known.flags.includes(name)) {
      if (equals !== -1) throw new UsageError(`--${name} takes no value`);
      parsed.options[name] = true;
      continue;
    }
    let value = equals === -1 ? undefined : argument.slice(equals + 1);
    if (value === undefined) {
      value = args[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      index += 1;
    }
    if (known.repeated?.includes(name)) (parsed.repeated[name] ??= []).push(value);
    else if (known.strings.includes(name)) parsed.options[name] = value;
    else parsed.fields[name] = fieldValue(value);
  }
  return parsed;
}

/** `4` → 4, `true` → true, `["a"]` → an array, `{…}` → an object; anything else is the text itself. */
export function fieldValue(text: string): unknown {
  if (!/^(-?\d+(\.\d+)?|true|false|null|\[.*\]|\{.*\})$/s.test(text.trim())) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `k=v` pairs (playbook inputs), values read as fieldValue does. */
export function keyValuePairs(pairs: readonly string[], option: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals < 1) throw new UsageError(`${option} takes name=value (got "${pair}")`);
    values[pair.slice(0, equals)] = fieldValue(pair.slice(equals + 1));
  }
  return values;
}

/** The string option, or a usage mistake naming it when it is missing. */
export function requiredOption(parsed: ParsedArguments, name: string, hint: string): string {
  const value = parsed.options[name];
  if (typeof value !== 'string') throw new UsageError(`--${name} ${hint} is required`);
  return value;
}
