#!/usr/bin/env node
// The package's command. Node 24 runs the TypeScript sources directly (type stripping), so there is no build step.
import { main } from '../src/main.ts';

process.exitCode = await main(process.argv.slice(2));
