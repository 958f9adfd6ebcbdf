// Node refuses to strip the types of TypeScript files under node_modules, which is where an installed package
// lives (`npm install -g agentapi`). This hook strips the package's own sources itself, and only those; the
// files of a checkout (no node_modules in their path) are left to Node.
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

/** Installs the hook when the package's own folder is inside a node_modules folder. */
export function stripOwnSourcesWhenInstalled(packageUrl) {
  const packagePath = fileURLToPath(packageUrl);
  if (!packagePath.split(/[\\/]/).includes('node_modules')) return;
  const ownSources = new URL('src/', packageUrl).href;
  quietStripperWarning();
  module.registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith(ownSources) || !url.endsWith('.ts')) return nextLoad(url, context);
      const source = module.stripTypeScriptTypes(readFileSync(fileURLToPath(url), 'utf8'), { mode: 'strip' });
      return { format: 'module', source, shortCircuit: true };
    },
  });
}

/** The stripper is what Node itself uses for a checkout; its "experimental" notice is noise to a user. */
function quietStripperWarning() {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = (warning, ...rest) => {
    const text = typeof warning === 'string' ? warning : warning?.message;
    if (typeof text === 'string' && text.includes('stripTypeScriptTypes')) return;
    emitWarning(warning, ...rest);
  };
}
