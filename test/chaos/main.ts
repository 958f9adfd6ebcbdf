import { chaosOptionsFrom } from './chaos-options.ts';
import { runChaos } from './chaos-run.ts';
import { resultsTable } from './results-table.ts';

/** `npm run chaos`: the long chaos run (see docs/chaos.md); exits 1 when a check fails. */
const options = chaosOptionsFrom(process.env);
const run = await runChaos(options, (line) => console.log(line));
console.log(`\n${resultsTable(run.results)}\n`);
for (const exit of run.unexpectedExits) console.log(`${exit.name} (pid ${String(exit.pid)}) exited ${String(exit.code ?? exit.signal)}; its last output:\n${exit.lastOutput}\n`);
console.log(`replay: CHAOS_SEED=${options.seed} CHAOS_SECONDS=${options.faultSeconds} CHAOS_FAULTS=${options.faults.join(',')} npm run chaos`);
process.exitCode = run.results.every((result) => result.passed) ? 0 : 1;
