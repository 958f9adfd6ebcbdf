// Builds the web console into static files: `npm run build` (and `npm install`, through `prepare`).
// Usage: node scripts/build-console.ts [outDir]   (default: dist/console)
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './console/build-console.ts';

// Needs nothing installed (a container image builds it before its dependencies): no import from src.
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(process.argv[2] ?? resolve(packageRoot, 'dist/console'));
const built = await buildConsole({ root: packageRoot, outDir });
process.stdout.write(`console: ${built.modules} modules, ${built.assets} assets, ${Math.round(built.bytes / 1024)} KiB → ${outDir}\n`);
