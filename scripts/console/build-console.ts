import { mkdir, readFile, rename, rm, writeFile, readdir } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { moduleSpecifiers, rewriteSpecifiers } from './module-specifiers.ts';

export interface ConsoleBuild {
  modules: number;
  assets: number;
  bytes: number;
}

/**
 * The console is plain TypeScript run by the browser as native ES modules: each module reached from
 * `console/src/main.ts` has its types stripped (Node's own stripper; line and column positions are kept, so
 * browser stack traces point at the sources) and its `.ts` imports renamed `.js`. Modules keep their path
 * under the repository (`app/<path>.js`), so a module may import the client package's browser-safe parts.
 * There is no bundler and no dependency: the browser loads only files served by the service.
 */
export async function buildConsole(options: { root: string; outDir: string }): Promise<ConsoleBuild> {
  const root = resolve(options.root);
  const staging = `${options.outDir}.building-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  let bytes = 0;
  const emit = async (path: string, content: string): Promise<void> => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    bytes += Buffer.byteLength(content);
  };

  const entry = join(root, 'console/src/main.ts');
  const queue = [entry];
  const seen = new Set(queue);
  const built: string[] = [];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const stripped = stripTypeScriptTypes(await readFile(next, 'utf8'), { mode: 'strip' });
    for (const specifier of moduleSpecifiers(stripped)) {
      const target = importedPath(root, next, specifier);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
    const path = `app/${relative(root, next).replace(/\.ts$/, '.js')}`;
    built.push(path);
    await emit(join(staging, path), rewriteSpecifiers(stripped));
  }

  const assets = await copyAssets(join(root, 'console'), staging, emit, built);
  await swapInto(staging, options.outDir);
  return { modules: seen.size, assets, bytes };
}

/** A console module imports only other TypeScript files of this repository, by relative path. */
function importedPath(root: string, from: string, specifier: string): string {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
    throw new Error(`${relative(root, from)}: "${specifier}" is not a relative import; the console loads no packages`);
  }
  if (!specifier.endsWith('.ts')) throw new Error(`${relative(root, from)}: "${specifier}" must name a .ts file`);
  const target = resolve(dirname(from), specifier);
  if (!target.startsWith(root + sep) || target.includes(`${sep}node_modules${sep}`)) {
    throw new Error(`${relative(root, from)}: "${specifier}" is outside the repository's own sources`);
  }
  return target;
}

/**
 * index.html, with every module listed for preloading (the browser fetches them at once instead of one import
 * level at a time), and the style sheets as they are.
 */
async function copyAssets(consoleDir: string, staging: string, emit: (path: string, content: string) => Promise<void>, modules: readonly string[]): Promise<number> {
  const index = await readFile(join(consoleDir, 'index.html'), 'utf8');
  const marker = '    <script type="module"';
  if (!index.includes(marker)) throw new Error('console/index.html has no module script to put the preloads before');
  const preloads = modules.map((path) => `    <link rel="modulepreload" href="${path}">\n`).join('');
  await emit(join(staging, 'index.html'), index.replace(marker, `${preloads}${marker}`));
  const styles = (await readdir(join(consoleDir, 'styles'))).filter((name) => name.endsWith('.css'));
  for (const name of styles) await emit(join(staging, 'styles', name), await readFile(join(consoleDir, 'styles', name), 'utf8'));
  return styles.length + 1;
}

/** The new build replaces the old one in two renames, so a running server never serves half of each. */
async function swapInto(staging: string, outDir: string): Promise<void> {
  const previous = `${outDir}.previous-${process.pid}`;
  await mkdir(dirname(outDir), { recursive: true });
  await rename(outDir, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}
