// "Copy as": the request a form would send, as curl, TypeScript (fetch) or Python (requests). The key is
// always read from the environment (AGENTAPI_KEY), never the one signed in to the console.
import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';

export interface SnippetRequest {
  /** Absolute URL. */
  url: string;
  method: 'POST' | 'GET';
  body?: unknown;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(request: SnippetRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url)}`, `  -H "Authorization: Bearer $AGENTAPI_KEY"`];
  if (request.body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n');
}

function indentAfterFirst(text: string, indent: string): string {
  return text.split('\n').join(`\n${indent}`);
}

export function typescriptSnippet(request: SnippetRequest): string {
  const body = request.body === undefined ? '' : `\n  body: JSON.stringify(${indentAfterFirst(JSON.stringify(request.body, null, 2), '  ')}),`;
  return [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    `  method: '${request.method}',`,
    '  headers: {',
    '    Authorization: `Bearer ${process.env.AGENTAPI_KEY}`,',
    request.body === undefined ? null : `    'Content-Type': 'application/json',`,
    `  },${body}`,
    '});',
    'console.log(response.status, await response.json());',
  ].filter((line) => line !== null).join('\n');
}

/** JSON as a Python literal (True, False, None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`).join(',\n')},\n${indent}}`;
}

export function pythonSnippet(request: SnippetRequest): string {
  return [
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    `    ${JSON.stringify(request.url)},`,
    '    headers={"Authorization": "Bearer " + os.environ["AGENTAPI_KEY"]},',
    request.body === undefined ? null : `    json=${pythonLiteral(request.body, '    ')},`,
    '    timeout=300,',
    ')',
    'print(response.status_code, response.json())',
  ].filter((line) => line !== null).join('\n');
}

const formats = [
  { id: 'curl', label: 'curl', make: curlSnippet },
  { id: 'typescript', label: 'TypeScript (fetch)', make: typescriptSnippet },
  { id: 'python', label: 'Python (requests)', make: pythonSnippet },
] as const;

export interface CopySnippets {
  element: HTMLElement;
  /** Shows the snippet for the request as it is now (call it when the form changes). */
  update(request: SnippetRequest): void;
}

/** A "Copy as" control: a choice of language, a copy button (Clipboard API), and the snippet in a `<pre>`. */
export function copySnippets(initial: SnippetRequest): CopySnippets {
  let request = initial;
  const selectId = uniqueId('copy-as');
  const select = h('select', { id: selectId, className: 'copy-as-select' }, formats.map((format) => h('option', { value: format.id }, format.label)));
  const code = h('code');
  const pre = h('pre', { className: 'json-view snippet', tabindex: 0, 'aria-label': 'Request snippet' }, code);
  const status = h('span', { className: 'snippet-status muted', 'aria-live': 'polite' });
  const current = (): string => (formats.find((format) => format.id === select.value) ?? formats[0]).make(request);
  const render = (): void => {
    replaceChildren(code, current());
    replaceChildren(status);
  };
  const copy = async (): Promise<void> => {
    const label = select.selectedOptions[0]?.textContent ?? 'snippet';
    try {
      await navigator.clipboard.writeText(current());
      replaceChildren(status, `Copied as ${label}.`);
      announce(`Copied the request as ${label}.`);
    } catch {
      replaceChildren(status, 'The browser did not allow copying: select the text below instead.');
    }
  };
  select.addEventListener('change', render);
  render();
  const element = h(
    'section',
    { className: 'copy-snippets', 'aria-labelledby': `${selectId}-heading` },
    h('h2', { id: `${selectId}-heading` }, 'Call it from code'),
    h('p', { className: 'hint' }, 'The request this form sends, with your key read from the AGENTAPI_KEY environment variable.'),
    h('div', { className: 'row' },
      h('label', { for: selectId, className: 'inline-label' }, 'Copy as'),
      select,
      h('button', { type: 'button', className: 'button', onClick: () => void copy() }, 'Copy'),
      status),
    pre,
  );
  return {
    element,
    update(next) {
      request = next;
      render();
    },
  };
}
