import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/config/load-config.ts';

/**
 * A plans file (for PLANS_FILE): the packaged plans plus one more `/api` plan of its own daily limit, free
 * and on the balanced routing policy, so a test reaches a quota refusal in a few requests.
 */
export function plansWithApiPlan(id: string, name: string, dailyLimit: number): string {
  const plans = readFileSync(join(packageRoot, 'config', 'plans.yaml'), 'utf8').replace(
    /^api:\n/m,
    `api:\n  ${id}: { name: ${name}, priceUsdPerMonth: 0, dailyLimit: ${dailyLimit}, routingPolicy: balanced }\n`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'agentapi-plans-')), 'plans.yaml');
  writeFileSync(file, plans);
  return file;
}
