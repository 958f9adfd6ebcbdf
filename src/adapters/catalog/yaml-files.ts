import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { load } from 'js-yaml';

export interface DataFile {
  /** The file name, for error messages. */
  origin: string;
  content: unknown;
}

/** Reads one YAML file; a syntax error names the file and line. */
export function readYamlFile(path: string): DataFile {
  const origin = basename(path);
  try {
    return { origin, content: load(readFileSync(path, 'utf8')) };
  } catch (error) {
    throw new Error(`${origin}: ${(error as Error).message}`, { cause: error });
  }
}

/** Reads every `.yaml` file of a folder, sorted by name. */
export function readYamlFolder(folder: string): DataFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => readYamlFile(join(folder, name)));
}
