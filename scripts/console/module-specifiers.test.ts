import { describe, expect, it } from 'vitest';
import { moduleSpecifiers, rewriteSpecifiers } from './module-specifiers.ts';

describe('the console build reads import statements only', () => {
  const code = [
    "import { h } from './app/dom.ts';",
    'import {',
    '  a,',
    '  b,',
    "} from '../x/y.ts';",
    "export { c } from './c.ts';",
    "import './side-effect.ts';",
    "const lazy = import('./lazy.ts');",
    "const range = { from: 'from', to: query.get('from') };",
    "// copied from 'somewhere' in a comment",
    "const label = uniqueId('range-from');",
    'const text = "import nothing from \'./nope.ts\' inside a string";',
  ].join('\n');

  it('finds static, multi-line, re-export, side-effect and dynamic imports, and nothing else', () => {
    expect(moduleSpecifiers(code)).toEqual(['./app/dom.ts', '../x/y.ts', './c.ts', './side-effect.ts', './lazy.ts']);
  });

  it('renames .ts imports .js and leaves every other text as it was', () => {
    const rewritten = rewriteSpecifiers(code);
    expect(rewritten).toContain("from './app/dom.js'");
    expect(rewritten).toContain("} from '../x/y.js';");
    expect(rewritten).toContain("import './side-effect.js';");
    expect(rewritten).toContain("import('./lazy.js')");
    expect(rewritten).toContain("query.get('from')");
    expect(rewritten).toContain("'./nope.ts' inside a string");
  });
});
