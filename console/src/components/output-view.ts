// An agent's answer (`data` of a run) as a person reads it: short values as a list of facts, text as
// Markdown, lists of objects as tables, a page's HTML as a sandboxed preview, and the raw JSON last.
import { h, type Child } from '../app/dom.ts';
import { dataTable } from './data-table.ts';
import { htmlPreview } from './html-preview.ts';
import { jsonView } from './json-view.ts';
import { looksLikeMarkdown, renderMarkdown } from './markdown.ts';
import { fieldLabel } from './schema-fields.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHtmlDocument(value: unknown): value is string {
  return typeof value === 'string' && /^\s*(<!doctype html|<html[\s>])/i.test(value);
}

function isShort(value: Json): boolean {
  return value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 160 && !looksLikeMarkdown(value));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A value inside a table cell or a fact: text, Markdown (folded when long, so rows stay readable), a list, or small JSON. */
function inlineValue(value: Json | undefined, inTable = false): Child {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') {
    if (!looksLikeMarkdown(value)) return value;
    const rendered = renderMarkdown(value, { headingLevel: 4 });
    return inTable && value.length > 240 ? h('details', { className: 'cell-text' }, h('summary', null, `Read (${wordCount(value)} words)`), rendered) : rendered;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length ? h('ul', { className: 'plain-list' }, value.map((item) => h('li', null, String(item)))) : '—';
  }
  if (Array.isArray(value) && value.every(isRecord)) {
    // Items inside a cell (a section's features): each as its values in a line, the first one bold.
    return h('ul', { className: 'plain-list' }, value.map((item) => {
      const parts = Object.values(item).map((part) => (typeof part === 'object' && part !== null ? JSON.stringify(part) : String(part)));
      return h('li', null, h('strong', null, parts[0] ?? ''), parts.length > 1 ? ` — ${parts.slice(1).join(' · ')}` : null);
    }));
  }
  return h('code', { className: 'inline-json' }, JSON.stringify(value));
}

function objectTable(label: string, rows: readonly Record<string, Json>[]): HTMLElement {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return dataTable(label, keys.map((key) => ({
    header: fieldLabel(key),
    cell: (row: Record<string, Json>) => inlineValue(row[key], true),
    numeric: rows.every((row) => row[key] === undefined || typeof row[key] === 'number'),
  })), rows, { captionHidden: true });
}

function factList(entries: readonly [string, Json][]): HTMLElement {
  return h('dl', { className: 'facts' }, entries.map(([key, value]) => [h('dt', null, fieldLabel(key)), h('dd', null, inlineValue(value))]));
}

function fieldBlock(key: string, value: Json, title: string): HTMLElement {
  const label = fieldLabel(key);
  let body: Child;
  if (isHtmlDocument(value)) {
    body = [
      htmlPreview(value, `Preview of ${title}`),
      h('details', null, h('summary', null, 'HTML source'), h('pre', { className: 'json-view', tabindex: 0, 'aria-label': 'HTML source' }, h('code', null, value))),
    ];
  } else if (typeof value === 'string') {
    body = renderMarkdown(value, { headingLevel: 4 });
  } else if (Array.isArray(value) && value.length && value.every(isRecord)) {
    body = objectTable(label, value as Record<string, Json>[]);
  } else if (Array.isArray(value)) {
    body = value.length ? h('ul', null, value.map((item) => h('li', null, inlineValue(item)))) : h('p', { className: 'muted' }, 'None.');
  } else if (isRecord(value)) {
    body = factList(Object.entries(value));
  } else {
    body = h('p', null, inlineValue(value));
  }
  return h('section', { className: 'output-field', 'data-output-field': key }, h('h3', null, isHtmlDocument(value) ? 'Page preview' : label), body);
}

/** The answer of a run. `title` names the agent, for the preview frame's title. */
export function outputView(data: unknown, title: string): HTMLElement {
  if (!isRecord(data)) {
    return h('div', { className: 'output-view' }, typeof data === 'string' ? renderMarkdown(data) : jsonView(data, 'Answer'), rawJson(data));
  }
  const entries = Object.entries(data).filter(([key]) => key !== 'model');
  const short = entries.filter(([, value]) => isShort(value));
  // A page the agent built comes first: it is what the answer is for.
  const long = entries.filter(([, value]) => !isShort(value)).sort(([, a], [, b]) => Number(isHtmlDocument(b)) - Number(isHtmlDocument(a)));
  return h(
    'div',
    { className: 'output-view stack' },
    short.length ? factList(short) : null,
    long.map(([key, value]) => fieldBlock(key, value, title)),
    rawJson(data),
  );
}

function rawJson(data: unknown): HTMLElement {
  return h('details', { className: 'raw-json' }, h('summary', null, 'Raw JSON'), jsonView(data, 'The answer as JSON'));
}
