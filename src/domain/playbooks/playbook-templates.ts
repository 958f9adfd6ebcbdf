/** A `{{…}}` reference in a step's prompt. */
export type TemplateReference = { kind: 'input'; key: string } | { kind: 'step'; index: number } | { kind: 'unknown'; text: string };

// The name inside is trimmed by the code: `\{\{\s*([^{}]*?)\s*\}\}` shares the spaces out between its three
// quantifiers in every way and costs the cube of a long blank stretch.
const placeholder = /\{\{([^{}]*)\}\}/g;

/** Every reference a template makes, in order. */
export function templateReferences(template: string): TemplateReference[] {
  return [...template.matchAll(placeholder)].map((match) => parseReference((match[1] ?? '').trim()));
}

function parseReference(text: string): TemplateReference {
  const input = /^inputs\.([A-Za-z][A-Za-z0-9_]*)$/.exec(text);
  if (input) return { kind: 'input', key: input[1] as string };
  const step = /^steps\.(\d+)\.output$/.exec(text);
  if (step) return { kind: 'step', index: Number(step[1]) };
  return { kind: 'unknown', text };
}

/**
 * Fills a template: inputs by key, earlier steps' outputs by 0-based index. A missing value (an optional
 * input not sent) becomes empty text, never a literal `{{…}}`.
 */
export function renderTemplate(template: string, values: { inputs: Readonly<Record<string, unknown>>; stepOutputs: readonly (string | undefined)[] }): string {
  return template
    .replace(placeholder, (_match, text: string) => {
      const reference = parseReference(text.trim());
      if (reference.kind === 'input') return formatValue(values.inputs[reference.key]);
      if (reference.kind === 'step') return values.stepOutputs[reference.index] ?? '';
      return '';
    })
    .trim();
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
