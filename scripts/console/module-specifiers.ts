// The import specifiers of a module whose types were stripped: `import … from '…'` and `export … from '…'`
// statements that start a line, `import '…'`, and `import('…')` with a string literal. Only statements are
// read: `from` followed by a quote elsewhere (a property named from, a string, a comment) is not an import.
const specifierPattern = /(^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*|^[ \t]*import\s*|\bimport\s*\(\s*)(['"])([^'"\s]+)\2/gm;

export function moduleSpecifiers(code: string): string[] {
  return [...code.matchAll(specifierPattern)].map((match) => match[3] ?? '');
}

/** `./x.ts` → `./x.js`: the browser loads the built files. */
export function rewriteSpecifiers(code: string): string {
  return code.replace(specifierPattern, (whole: string, head: string, quote: string, specifier: string) =>
    specifier.endsWith('.ts') ? `${head}${quote}${specifier.slice(0, -3)}.js${quote}` : whole,
  );
}
