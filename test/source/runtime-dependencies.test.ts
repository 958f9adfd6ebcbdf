import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the installed package imports must be among its `dependencies`: `npm install -g` of the packed package
 * installs those and nothing else, so a package the service imports but only a devDependency (or another
 * package's dependency) brings works in a checkout and fails once installed.
 */
const root = new URL('../../', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function shippedFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The package a module specifier names (`@scope/name` or `name`), or undefined for a relative path or a Node built-in. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importedPackages(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    // Type-only imports are erased before the code runs: they need no installed package.
    const typeOnly = (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly === true) || (ts.isExportDeclaration(node) && node.isTypeOnly);
    const specifier = typeOnly
      ? undefined
      :
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
          ? node.arguments[0].text
          : undefined;
    const name = specifier === undefined ? undefined : packageOf(specifier);
    if (name) found.push(name);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the packages the service imports', () => {
  it('are all dependencies of the package, so an installed package finds them', () => {
    const missing = ['src', 'bin'].flatMap(shippedFiles).flatMap((file) =>
      importedPackages(file)
        .filter((name) => !(name in manifest.dependencies))
        .map((name) => `${relative(root, file)} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
