// The import specifiers of a module whose types were stripped: `import … from '…'`, `export … from '…'`,
// `import '…'` and `import('…')` with a string literal. The console's own sources are the only input.
const specifierPattern = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\2/g;

export function moduleSpecifiers(code: string): string[] {
  return [...code.matchAll(specifierPattern)].map((match) => match[3] ?? '');
}

/** `./x.ts` → `./x.js`: the browser loads the built files. */
export function rewriteSpecifiers(code: string): string {
  return code.replace(specifierPattern, (whole: string, head: string, quote: string, specifier: string) =>
    specifier.endsWith('.ts') ? `${head}${quote}${specifier.slice(0, -3)}.js${quote}` : whole,
  );
}
