import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateClient, generatedClientFolder } from '../../../scripts/openapi/generate-client.ts';

function filesUnder(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(folder, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('the committed client', () => {
  const fresh = mkdtempSync(join(tmpdir(), 'agentapi-client-check-'));
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('is what `npm run client:generate` makes of the served document today', async () => {
    await generateClient(fresh);
    const expected = filesUnder(fresh);
    const committed = filesUnder(generatedClientFolder);
    expect([...committed.keys()].sort()).toEqual([...expected.keys()].sort());
    const stale = [...expected].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
    expect(stale, 'out of date: run `npm run client:generate` and commit packages/client/src/generated').toEqual([]);
  }, 120_000);
});
