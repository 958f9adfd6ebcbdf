#!/usr/bin/env node
// The package's command. Node 24 runs the TypeScript sources directly (type stripping), so there is no build
// step. The compile cache keeps the stripped and compiled modules between starts: later starts are faster
// and never load the type stripper, which saves about 20 MB of memory.
import { spawn } from 'node:child_process';
import module from 'node:module';
import { dirname, join } from 'node:path';

const requiredMajor = 24;

if (Number(process.versions.node.split('.')[0]) < requiredMajor) {
  // An older `node` found this file first (a global install runs it with the machine's node): run it again
  // with the Node.js 24 the package depends on (the `node` package), passing signals and the exit code on.
  process.exitCode = await runWithOwnNode();
} else {
  module.enableCompileCache?.();
  const { stripOwnSourcesWhenInstalled } = await import('./installed-package-hooks.js');
  stripOwnSourcesWhenInstalled(new URL('../', import.meta.url));
  // BullMQ's encoder would otherwise load a prebuilt native addon when one is installed; the project runs on
  // JavaScript alone (its install script is not approved either).
  process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED ??= 'true';
  const { main } = await import('../src/main.ts');
  process.exitCode = await main(process.argv.slice(2));
}

async function runWithOwnNode() {
  let ownNode;
  try {
    ownNode = join(dirname(module.createRequire(import.meta.url).resolve('node/package.json')), 'bin', 'node');
  } catch {
    process.stderr.write(`agentapi needs Node.js ${requiredMajor} or later (this is ${process.version}), and the package's own Node.js (the "node" dependency) is not installed. Reinstall the package with its dependencies, or run it with Node.js ${requiredMajor}.\n`);
    return 1;
  }
  const child = spawn(ownNode, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  // Ctrl-C and a closed terminal reach the whole process group, the child included: this process only waits.
  // SIGTERM is sent to one process (a supervisor's stop), so it is passed on.
  process.on('SIGINT', () => undefined);
  process.on('SIGHUP', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`agentapi could not start the package's Node.js (${ownNode}): ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}
