// Builds the web console into static files: `npm run build` (and `npm install`, through `prepare`).
// Usage: node scripts/build-console.ts [outDir]   (default: dist/console)
import { resolve } from 'node:path';
import { packageRoot } from '../src/config/load-config.ts';
import { buildConsole } from './console/build-console.ts';

const outDir = resolve(process.argv[2] ?? resolve(packageRoot, 'dist/console'));
const built = await buildConsole({ root: packageRoot, outDir });
process.stdout.write(`console: ${built.modules} modules, ${built.assets} assets, ${Math.round(built.bytes / 1024)} KiB → ${outDir}\n`);
