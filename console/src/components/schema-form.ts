// A form generated from an agent's input JSON Schema: a field per property (schema-fields.ts), nested
// objects as fieldsets, lists of objects as fieldsets that can be added and removed. It reads back the
// request's fields and puts the API's 400 issues (`features.0.name`) next to the inputs they name.
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { fieldLabel, leafField, typesOf, type FieldNode, type JsonSchema } from './schema-fields.ts';

export type { JsonSchema } from './schema-fields.ts';

function isObjectSchema(schema: JsonSchema): boolean {
  return typesOf(schema).includes('object') || (schema.type === undefined && schema.properties !== undefined);
}

function isObjectList(schema: JsonSchema): boolean {
  return typesOf(schema).includes('array') && schema.items !== undefined && isObjectSchema(schema.items);
}

function groupError(): { element: HTMLElement; show(message: string): void; clear(): void } {
  const element = h('p', { className: 'field-error', hidden: true, role: 'alert' });
  return {
    element,
    show(message) {
      replaceChildren(element, element.hidden ? message : `${element.textContent ?? ''} ${message}`);
      element.hidden = false;
    },
    clear() {
      replaceChildren(element);
      element.hidden = true;
    },
  };
}

function fieldNode(name: string, schema: JsonSchema, required: boolean, idPrefix: string, nested: boolean): FieldNode {
  if (isObjectList(schema)) return objectListNode(name, schema, required, idPrefix, nested);
  if (isObjectSchema(schema)) return objectNode(name, schema, required, idPrefix, fieldLabel(name));
  return leafField({ name, schema, required, idPrefix, nested });
}

/** The properties of an object schema as a fieldset (or, for the form itself, a plain group). */
function objectNode(name: string, schema: JsonSchema, required: boolean, idPrefix: string, legend: string | undefined): FieldNode {
  const required_ = new Set(schema.required ?? []);
  const children = new Map(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, fieldNode(key, child, required_.has(key), idPrefix, legend !== undefined)]));
  const error = groupError();
  const content = [
    schema.description && legend ? h('p', { className: 'hint' }, schema.description) : null,
    error.element,
    [...children.values()].map((child) => child.element),
  ];
  const element = legend === undefined
    ? h('div', { className: 'schema-fields' }, content)
    : h('fieldset', { className: 'schema-group', 'data-field': name }, h('legend', null, legend, required ? h('span', { className: 'required-mark', 'aria-hidden': 'true' }, ' *') : null), content);
  const node: FieldNode = {
    element,
    read() {
      const value: Record<string, unknown> = {};
      for (const [key, child] of children) {
        const read = child.read();
        if (read !== undefined) value[key] = read;
      }
      return Object.keys(value).length ? value : undefined;
    },
    locate(path) {
      const [head, ...rest] = path;
      const child = head === undefined ? undefined : children.get(head);
      return child ? child.locate(rest) : node;
    },
    showError: (message) => error.show(message),
    clearErrors() {
      error.clear();
      for (const child of children.values()) child.clearErrors();
    },
    focus() {
      const first = element.querySelector<HTMLElement>('input, select, textarea, button');
      first?.focus();
    },
  };
  return node;
}

/** A list of objects (features, line items): one fieldset per item, with buttons to add and remove items. */
function objectListNode(name: string, schema: JsonSchema, required: boolean, idPrefix: string, nested: boolean): FieldNode {
  const itemSchema = schema.items ?? {};
  const label = fieldLabel(name);
  const items: FieldNode[] = [];
  const list = h('div', { className: 'schema-list' });
  const error = groupError();
  const addButton = h('button', { type: 'button', className: 'button' }, `Add to ${label.toLowerCase()}`);
  const renumber = (): void => {
    items.forEach((item, index) => {
      const legend = item.element.querySelector('legend');
      if (legend) legend.textContent = `${label}: item ${index + 1}`;
      const remove = item.element.querySelector<HTMLButtonElement>('[data-action="remove-item"]');
      if (remove) remove.textContent = `Remove item ${index + 1}`;
    });
    addButton.disabled = schema.maxItems !== undefined && items.length >= schema.maxItems;
  };
  const add = (): FieldNode => {
    const item = objectNode(name, itemSchema, false, uniqueId(idPrefix), `${label}: item ${items.length + 1}`);
    item.element.append(h('div', { className: 'actions' }, h('button', {
      type: 'button',
      className: 'button ghost',
      'data-action': 'remove-item',
      onClick: () => {
        const at = items.indexOf(item);
        if (at >= 0) items.splice(at, 1);
        item.element.remove();
        renumber();
        addButton.focus();
      },
    }, 'Remove')));
    items.push(item);
    list.append(item.element);
    renumber();
    return item;
  };
  addButton.addEventListener('click', () => add().focus());
  add();
  const element = h(
    'fieldset',
    { className: 'schema-group', 'data-field': name },
    h('legend', null, label, required ? h('span', { className: 'required-mark', 'aria-hidden': 'true' }, ' *') : null),
    h('p', { className: 'hint' }, [required ? (nested ? 'Required.' : 'Required unless a prompt is given.') : null, schema.description, schema.maxItems ? `Up to ${schema.maxItems} items.` : null].filter(Boolean).join(' · ')),
    error.element,
    list,
    h('div', { className: 'actions' }, addButton),
  );
  const node: FieldNode = {
    element,
    read() {
      const values = items.map((item) => item.read()).filter((value) => value !== undefined);
      return values.length ? values : undefined;
    },
    locate(path) {
      const [head, ...rest] = path;
      const item = head !== undefined && /^\d+$/.test(head) ? items[Number(head)] : undefined;
      return item ? item.locate(rest) : node;
    },
    showError: (message) => error.show(message),
    clearErrors() {
      error.clear();
      for (const item of items) item.clearErrors();
    },
    focus: () => addButton.focus(),
  };
  return node;
}

export interface SchemaForm {
  /** The generated fields (put them inside a `<form>`). */
  element: HTMLElement;
  /** The fields' values as the request sends them; empty ones are left out. */
  value(): Record<string, unknown>;
  /**
   * Shows each issue next to the field its path names (`steps`, `features.0.name`) and focuses the first;
   * returns the issues no field of the form matched.
   */
  showIssues(issues: readonly { path: string; message: string }[]): { path: string; message: string }[];
  clearIssues(): void;
}

/** `extra`: top-level fields the form also carries (the run's `prompt`), placed after the schema's own. */
export function schemaForm(schema: JsonSchema, options: { idPrefix?: string; extra?: Record<string, JsonSchema> } = {}): SchemaForm {
  const idPrefix = options.idPrefix ?? uniqueId('field');
  const merged: JsonSchema = { ...schema, type: 'object', properties: { ...schema.properties, ...options.extra } };
  const root = objectNode('', merged, false, idPrefix, undefined);
  return {
    element: root.element,
    value: () => (root.read() as Record<string, unknown> | undefined) ?? {},
    showIssues(issues) {
      root.clearErrors();
      const unmatched: { path: string; message: string }[] = [];
      let first: FieldNode | undefined;
      for (const issue of issues) {
        const path = issue.path.split('.').filter(Boolean);
        const target = path.length ? root.locate(path) : root;
        if (target === root) {
          unmatched.push(issue);
          continue;
        }
        target.showError(issue.message);
        first ??= target;
      }
      first?.focus();
      return unmatched;
    },
    clearIssues: () => root.clearErrors(),
  };
}
