import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/server-process.ts';

const noEnvironment = {};

function emptyFolder(): string {
  return mkdtempSync(join(tmpdir(), 'agentapi-cli-'));
}

async function accountIn(dataDir: string, user: string): Promise<void> {
  const created = await runCli(['--data-dir', dataDir, 'keys', 'create', '--user', user, '--json'], noEnvironment);
  expect(created.code, created.stderr).toBe(0);
}

describe('which database a command uses', () => {
  it('refuses to read from a database that does not exist, creating nothing in the current directory', async () => {
    const cwd = emptyFolder();
    for (const args of [['keys', 'list'], ['runs', '--user', 'u'], ['usage', '--user', 'u']]) {
      const result = await runCli(args, noEnvironment, { cwd });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`there is no database at ${join(cwd, 'data/agentapi.db')}`);
      expect(result.stderr).toContain('--data-dir');
    }
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('says on standard error which database it uses, and that it created it when it did', async () => {
    const dataDir = join(emptyFolder(), 'state');
    const created = await runCli(['keys', 'create', '--user', 'u1', '--json', '--data-dir', dataDir], noEnvironment);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(`agentapi: database sqlite:${join(dataDir, 'agentapi.db')} (from --data-dir): created now`);
    expect(JSON.parse(created.stdout)).toMatchObject({ user: 'u1' });
    const listed = await runCli(['keys', 'list', '--json'], { DATABASE_URL: `sqlite:${join(dataDir, 'agentapi.db')}` }, { cwd: emptyFolder() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr.trim()).toBe(`agentapi: database sqlite:${join(dataDir, 'agentapi.db')} (from DATABASE_URL)`);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
  });

  it('lets migrate create a database, saying so, and report what it applied as JSON', async () => {
    const dataDir = join(emptyFolder(), 'fresh');
    const migrated = await runCli(['migrate', '--json', '--data-dir', dataDir], noEnvironment);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('created now, it did not exist');
    expect(JSON.parse(migrated.stdout)).toMatchObject({ database: `sqlite:${join(dataDir, 'agentapi.db')}`, alreadyCurrent: false, applied: expect.arrayContaining(['0001-initial']) });
  });
});

describe('agentapi run, runs and usage', () => {
  it('runs an agent in process as an account, then lists the run and counts it in today\'s usage', async () => {
    const dataDir = emptyFolder();
    await accountIn(dataDir, 'runner');
    const ran = await runCli(['--data-dir', dataDir, 'run', 'summarize', '--user', 'runner', '--prompt', 'Summarise: the launch moved to May.', '--json'], noEnvironment);
    expect(ran.code, ran.stderr).toBe(0);
    const answer = JSON.parse(ran.stdout) as { data: { model: string }; meta: { runId: string; model: string } };
    expect(answer.meta).toMatchObject({ model: 'sandbox/deterministic', runId: expect.stringMatching(/^run_/) });

    const runs = await runCli(['--data-dir', dataDir, 'runs', '--user', 'runner', '--json'], noEnvironment);
    expect((JSON.parse(runs.stdout) as { id: string; agent: string }[]).map((run) => [run.id, run.agent])).toEqual([[answer.meta.runId, 'summarize']]);
    const table = await runCli(['--data-dir', dataDir, 'runs', '--user', 'runner'], noEnvironment);
    expect(table.stdout).toContain(`${answer.meta.runId}\tagent\tsummarize\tdone`);

    const usage = await runCli(['--data-dir', dataDir, 'usage', '--user', 'runner', '--json'], noEnvironment);
    expect(JSON.parse(usage.stdout)).toMatchObject({ user: 'runner', api: { plan: 'free', used: 1, limit: 50, remaining: 49 }, v1: { used: 0 } });
  });

  it('passes agent fields, reading numbers as numbers, and streams the text with --stream', async () => {
    const dataDir = emptyFolder();
    await accountIn(dataDir, 'fields');
    const streamed = await runCli(['--data-dir', dataDir, 'run', 'summarize', '--user', 'fields', '--prompt', 'Summarise: sales rose in May.', '--stream'], noEnvironment);
    expect(streamed.code, streamed.stderr).toBe(0);
    expect(streamed.stdout.length).toBeGreaterThan(20);
    expect(streamed.stderr).toMatch(/run_\w+: summarize answered by sandbox\/deterministic/);
    const streamedJson = await runCli(['--data-dir', dataDir, 'run', 'summarize', '--user', 'fields', '--prompt', 'Summarise: sales rose.', '--stream', '--json'], noEnvironment);
    expect(JSON.parse(streamedJson.stdout)).toMatchObject({ meta: { agent: 'summarize' } });
    const invalid = await runCli(['--data-dir', dataDir, 'run', 'leads', '--user', 'fields', '--niche', '42'], noEnvironment);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('niche');
  });

  it('explains failures without a stack trace, unless --debug', async () => {
    const dataDir = emptyFolder();
    await accountIn(dataDir, 'errors');
    const unknown = await runCli(['--data-dir', dataDir, 'run', 'summarise', '--user', 'errors', '--prompt', 'x'], noEnvironment);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Agent "summarise" does not exist');
    expect(unknown.stderr).toContain('Did you mean: summarize');
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    const debug = await runCli(['--data-dir', dataDir, 'run', 'summarise', '--user', 'errors', '--prompt', 'x', '--debug'], noEnvironment);
    expect(debug.stderr).toMatch(/\n\s+at /);
    const nobody = await runCli(['--data-dir', dataDir, 'usage', '--user', 'nobody'], noEnvironment);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('agentapi keys create --user nobody');
    expect((await runCli(['--data-dir', dataDir, 'run', '--user', 'errors'], noEnvironment)).code).toBe(2);
    const plan = await runCli(['--data-dir', dataDir, 'keys', 'create', '--user', 'errors', '--plan', 'default'], noEnvironment);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('Invalid request:\n- plan: unknown api plan "default"; one of: free, starter, growth, node, enterprise');
  });
});

describe('agentapi playbook', () => {
  it('follows a run to its end with one plain line per step when the output is not a terminal', async () => {
    const dataDir = emptyFolder();
    await accountIn(dataDir, 'pb');
    const args = ['--data-dir', dataDir, 'playbook', 'content-machine', '--user', 'pb', '--input', 'topic=remote onboarding', '--input', 'tone=casual', '--follow'];
    const followed = await runCli(args, noEnvironment);
    expect(followed.code, followed.stderr).toBe(0);
    const lines = followed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^run_\w+: content-machine started, 2 steps$/);
    expect(lines.slice(1, 5).map((line) => line.replace(/ \(.*\)$/, ''))).toEqual([
      'step 1/2 blog-gen: running',
      'step 1/2 blog-gen: done',
      'step 2/2 smart-router: running',
      'step 2/2 smart-router: done',
    ]);
    expect(lines[5]).toMatch(/: done after \d+:\d\d, \$0\.0000$/);
    expect(followed.stdout).not.toContain('\u001b[');

    const json = await runCli([...args, '--json'], noEnvironment);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'playbook', status: 'done', stepsSucceeded: 2 });
  });

  it('starts a run without following it, and refuses inputs the playbook does not take', async () => {
    const dataDir = emptyFolder();
    await accountIn(dataDir, 'pb2');
    const started = await runCli(['--data-dir', dataDir, 'playbook', 'content-machine', '--user', 'pb2', '--input', 'topic=x', '--input', 'tone=casual'], noEnvironment);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout.trim()).toMatch(/^run_\w+$/);
    const invalid = await runCli(['--data-dir', dataDir, 'playbook', 'content-machine', '--user', 'pb2', '--input', 'topic=x', '--input', 'tone=loud'], noEnvironment);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('inputs.tone: Expected one of: professional, casual');
    expect(existsSync(join(dataDir, 'agentapi.db'))).toBe(true);
  });
});
