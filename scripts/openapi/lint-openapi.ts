import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/config/load-config.ts';
import { servedOpenApiDocument } from './served-document.ts';

export interface LintOutcome {
  ok: boolean;
  output: string;
}

/**
 * Lints the served document with Redocly's recommended rules (redocly.yaml), offline: the document is
 * written to a temporary folder beside copies of redocly.yaml and, when findings are ignored one by one,
 * .redocly.lint-ignore.yaml, whose entries name it `served-openapi.json`. Warnings fail it as errors do.
 */
export async function lintServedDocument(document?: Record<string, unknown>): Promise<LintOutcome> {
  const folder = mkdtempSync(join(tmpdir(), 'agentapi-openapi-lint-'));
  try {
    writeFileSync(join(folder, 'served-openapi.json'), JSON.stringify(document ?? (await servedOpenApiDocument())));
    for (const name of ['redocly.yaml', '.redocly.lint-ignore.yaml']) if (existsSync(join(packageRoot, name))) copyFileSync(join(packageRoot, name), join(folder, name));
    const cli = join(packageRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const result = spawnSync(process.execPath, [cli, 'lint', 'served-openapi.json', '--config', 'redocly.yaml', '--max-problems', '50'], {
      cwd: folder,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const output = `${result.stdout}${result.stderr}`;
    return { ok: result.status === 0 && !/\d+ warnings?\b/.test(output), output };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const outcome = await lintServedDocument();
  console.log(outcome.output);
  process.exitCode = outcome.ok ? 0 : 1;
}
