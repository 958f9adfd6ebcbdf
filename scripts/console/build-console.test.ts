import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/config/load-config.ts';
import { buildConsole } from './build-console.ts';

describe('buildConsole', () => {
  it('writes every module reached from main.ts with its imports renamed .js, and lists each for preloading', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'console-build-')), 'console');
    const built = await buildConsole({ root: packageRoot, outDir });
    const index = readFileSync(join(outDir, 'index.html'), 'utf8');
    const preloaded = [...index.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1] ?? '');
    expect(preloaded).toHaveLength(built.modules);
    expect(preloaded).toContain('app/console/src/main.js');
    for (const path of preloaded) {
      expect(existsSync(join(outDir, path)), path).toBe(true);
      const code = readFileSync(join(outDir, path), 'utf8');
      // No type is left, and every relative import names a built file.
      expect(code).not.toMatch(/^\s*import type /m);
      for (const [, specifier] of code.matchAll(/^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*'(\.[^']+)'/gm)) expect(specifier).toMatch(/\.js$/);
    }
    expect(index.indexOf('modulepreload')).toBeLessThan(index.indexOf('<script type="module"'));
  });
});
