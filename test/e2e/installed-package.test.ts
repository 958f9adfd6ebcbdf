import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/config/load-config.ts';

const run = promisify(execFile);

describe('the package as npm installs it', () => {
  it('ships the command, the sources without their tests, the migrations, the catalog and the plans', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageRoot, maxBuffer: 64 * 1024 * 1024 });
    const files = ((JSON.parse(stdout) as { files: { path: string }[] }[])[0]?.files ?? []).map((file) => file.path);
    for (const path of ['package.json', 'README.md', 'bin/agentapi.js', 'bin/installed-package-hooks.js', 'src/main.ts', 'src/adapters/db/migrations/index.ts', 'catalog/models.yaml', 'catalog/retired-agents.yaml', 'config/plans.yaml']) {
      expect(files).toContain(path);
    }
    expect(files.some((path) => path.startsWith('catalog/agents/'))).toBe(true);
    expect(files.some((path) => path.startsWith('catalog/playbooks/'))).toBe(true);
    expect(files.filter((path) => path.endsWith('.test.ts') || path.startsWith('test/') || path.startsWith('bench/'))).toEqual([]);
  });

  it('runs from inside a node_modules folder, where Node does not strip types by itself', async () => {
    // The installed layout: <prefix>/node_modules/agentapi with its dependencies beside its sources.
    const installed = join(mkdtempSync(join(tmpdir(), 'agentapi-installed-')), 'node_modules', 'agentapi');
    mkdirSync(installed, { recursive: true });
    for (const entry of ['bin', 'src', 'catalog', 'config', 'package.json']) cpSync(join(packageRoot, entry), join(installed, entry), { recursive: true });
    symlinkSync(join(packageRoot, 'node_modules'), join(installed, 'node_modules'), 'dir');
    const dataDir = join(installed, '..', '..', 'data');
    const help = await run(process.execPath, [join(installed, 'bin/agentapi.js'), '--help']);
    expect(help.stdout).toContain('agentapi run <agent>');
    const created = await run(process.execPath, [join(installed, 'bin/agentapi.js'), '--data-dir', dataDir, 'keys', 'create', '--user', 'installed', '--json']);
    expect(JSON.parse(created.stdout)).toMatchObject({ user: 'installed' });
    expect(created.stderr).not.toContain('ExperimentalWarning');
  });
});
