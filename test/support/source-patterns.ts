import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A regular expression written in the sources, where it is written. */
export interface SourcePattern {
  file: string;
  line: number;
  source: string;
  flags: string;
}

/** A `new RegExp(…)` whose source is computed, so it cannot be read without running the module. */
export interface DynamicPatternSite {
  file: string;
  line: number;
  text: string;
}

export interface PatternsInSources {
  literal: SourcePattern[];
  dynamic: DynamicPatternSite[];
}

const repositoryRoot = new URL('../../', import.meta.url).pathname;

/** Every regex literal and every `RegExp(…)` in the TypeScript files under a folder, test files left out. */
export function patternsInSources(folder = 'src'): PatternsInSources {
  const found: PatternsInSources = { literal: [], dynamic: [] };
  for (const path of typeScriptFiles(join(repositoryRoot, folder))) {
    const file = relative(repositoryRoot, path);
    const sourceFile = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const lastSlash = node.text.lastIndexOf('/');
        found.literal.push({ file, line: lineOf(node), source: node.text.slice(1, lastSlash), flags: node.text.slice(lastSlash + 1) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [sourceArgument, flagsArgument] = node.arguments ?? [];
        const source = sourceArgument === undefined ? '' : staticText(sourceArgument);
        const flags = flagsArgument === undefined ? '' : staticText(flagsArgument);
        if (source === undefined || flags === undefined) found.dynamic.push({ file, line: lineOf(node), text: node.getText(sourceFile).slice(0, 120) });
        else found.literal.push({ file, line: lineOf(node), source, flags });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

/** The value of a string written out in full (quotes, a template without substitutions, `String.raw`), if it is one. */
function staticText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'String.raw' && ts.isNoSubstitutionTemplateLiteral(node.template)) {
    return node.template.rawText;
  }
  return undefined;
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
