#!/usr/bin/env node
// The package's command. Node 24 runs the TypeScript sources directly (type stripping), so there is no build
// step. The compile cache keeps the stripped and compiled modules between starts: later starts are faster
// and never load the type stripper, which saves about 20 MB of memory.
import module from 'node:module';

module.enableCompileCache?.();
// BullMQ's encoder would otherwise load a prebuilt native addon when one is installed; the project runs on
// JavaScript alone (its install script is not approved either).
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED ??= 'true';
const { main } = await import('../src/main.ts');

process.exitCode = await main(process.argv.slice(2));
