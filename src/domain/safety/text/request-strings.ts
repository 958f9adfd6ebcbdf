/** One string found in a request or output, and where. */
export interface LocatedString {
  /** Dotted path: `prompt`, `input.notes`, `items.2.title`. */
  path: string;
  text: string;
}

/**
 * How many objects and arrays deep strings are looked for: deeper than any real request. Past it strings are
 * not looked at, so the HTTP edge refuses request bodies nested deeper.
 */
export const maxScannedDepth = 12;

/** Every string in a JSON value, with its path, skipping the paths named in `skip` (`model`, `input.webhookUrl`). */
export function collectStrings(value: unknown, skip: ReadonlySet<string> = new Set()): LocatedString[] {
  const found: LocatedString[] = [];
  const visit = (current: unknown, path: string, depth: number) => {
    if (depth > maxScannedDepth) return;
    if (typeof current === 'string') {
      found.push({ path, text: current });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, join(path, String(index)), depth + 1));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const innerPath = join(path, key);
        if (depth < 2 && skip.has(innerPath)) continue;
        visit(inner, innerPath, depth + 1);
      }
    }
  };
  visit(value, '', 0);
  return found;
}

/** A copy of the value with the strings at the given paths replaced; the value itself is not changed. */
export function replaceStrings<Value>(value: Value, replacements: ReadonlyMap<string, string>): Value {
  if (replacements.size === 0) return value;
  const rebuild = (current: unknown, path: string): unknown => {
    if (typeof current === 'string') return replacements.get(path) ?? current;
    if (Array.isArray(current)) return current.map((item, index) => rebuild(item, join(path, String(index))));
    if (current !== null && typeof current === 'object') {
      return Object.fromEntries(Object.entries(current).map(([key, inner]) => [key, rebuild(inner, join(path, key))]));
    }
    return current;
  };
  return rebuild(value, '') as Value;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
