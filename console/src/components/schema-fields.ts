// One input per JSON Schema leaf: strings (input or textarea), enums (select), numbers with their bounds,
// booleans (checkbox) and lists of strings or numbers (one per line). Each reads its value back as the API
// wants it (undefined when empty, so the field is left out of the request) and can show an error of its own.
import { h, replaceChildren, uniqueId } from '../app/dom.ts';

export interface JsonSchema {
  type?: string | readonly string[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** A part of a generated form: reads its value, finds the part an error path names, and shows that error. */
export interface FieldNode {
  element: HTMLElement;
  read(): unknown;
  locate(path: readonly string[]): FieldNode;
  showError(message: string): void;
  clearErrors(): void;
  focus(): void;
}

export interface FieldSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** The id prefix of the form, so two forms on a page never share ids. */
  idPrefix: string;
  /** Inside an object or a list item: required there whatever the prompt says. */
  nested?: boolean;
}

/** `companyName`, `business_name` → "Company name", "Business name". */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase()
    .replace(/\b(cta|url|id|seo|api|html|faq|kpi|roi)(s?)\b/g, (_, word: string, plural: string) => `${word.toUpperCase()}${plural}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return [...(schema.type as string[])];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** Long text gets a textarea: no length bound, or more than a line's worth. */
export function isLongText(name: string, schema: JsonSchema): boolean {
  return name === 'prompt' || schema.maxLength === undefined || schema.maxLength > 300;
}

function bounds(schema: JsonSchema, unit: string): string | undefined {
  const parts: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.maxLength !== undefined && unit === 'characters') parts.push(`up to ${schema.maxLength.toLocaleString('en')} characters`);
  if (schema.maxItems !== undefined && unit === 'lines') parts.push(`up to ${schema.maxItems} lines`);
  return parts.length ? parts.join(', ') : undefined;
}

/** The label, and the required mark beside it (not part of the field's name: the hint says it in words). */
export function labelFor(id: string, text: string, required: boolean): HTMLElement {
  const label = h('label', { for: id }, text);
  return required ? h('div', { className: 'label-row' }, label, h('span', { className: 'required-mark', 'aria-hidden': 'true' }, '*')) : label;
}

function leaf(spec: FieldSpec, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, read: () => unknown, extraHint?: string): FieldNode {
  const id = uniqueId(`${spec.idPrefix}-${spec.name}`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  control.id = id;
  control.name = spec.name;
  const isCheck = control instanceof HTMLInputElement && control.type === 'checkbox';
  const unit = control instanceof HTMLTextAreaElement && extraHint ? 'lines' : typesOf(spec.schema).includes('string') ? 'characters' : 'numbers';
  const hintText = [spec.required ? (spec.nested ? 'Required.' : 'Required unless a prompt is given.') : null, spec.schema.description, extraHint, bounds(spec.schema, unit)].filter(Boolean).join(' · ');
  const hint = hintText ? h('p', { id: hintId, className: 'hint' }, hintText) : null;
  const error = h('p', { id: errorId, className: 'field-error', hidden: true });
  const describe = (withError: boolean): void => {
    const ids = [hint ? hintId : null, withError ? errorId : null].filter(Boolean).join(' ');
    if (ids) control.setAttribute('aria-describedby', ids);
    else control.removeAttribute('aria-describedby');
  };
  describe(false);
  const label = labelFor(id, fieldLabel(spec.name), spec.required);
  const element = isCheck
    ? h('div', { className: 'schema-field', 'data-field': spec.name }, h('div', { className: 'field-check' }, control, label), hint, error)
    : h('div', { className: 'schema-field', 'data-field': spec.name }, label, control, hint, error);
  const node: FieldNode = {
    element,
    read,
    locate: () => node,
    showError(message) {
      const previous = error.hidden ? '' : `${error.textContent ?? ''} `;
      replaceChildren(error, `${previous}${message}`);
      error.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      describe(true);
    },
    clearErrors() {
      replaceChildren(error);
      error.hidden = true;
      control.removeAttribute('aria-invalid');
      describe(false);
    },
    focus: () => control.focus(),
  };
  return node;
}

function numberFrom(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

function defaultText(schema: JsonSchema): string | undefined {
  return typeof schema.default === 'string' || typeof schema.default === 'number' ? String(schema.default) : undefined;
}

/** A leaf input for a schema that is not an object or a list of objects. */
export function leafField(spec: FieldSpec): FieldNode {
  const { schema, name } = spec;
  const types = typesOf(schema);
  if (schema.enum) {
    const select = h('select', null, h('option', { value: '' }, '— not set —'), schema.enum.map((option) => h('option', { value: String(option) }, String(option))));
    if (schema.default !== undefined) select.value = String(schema.default);
    return leaf(spec, select, () => {
      const chosen = schema.enum?.find((option) => String(option) === select.value);
      return select.value === '' ? undefined : chosen;
    });
  }
  if (types.includes('boolean') && types.length === 1) {
    const box = h('input', { type: 'checkbox' });
    box.checked = schema.default === true;
    return leaf(spec, box, () => (box.checked ? true : undefined));
  }
  if (types.includes('array')) {
    const itemTypes = typesOf(schema.items ?? {});
    const numeric = itemTypes.length > 0 && itemTypes.every((type) => type === 'number' || type === 'integer');
    const area = h('textarea', { rows: 4, spellcheck: 'true' });
    return leaf(spec, area, () => {
      const lines = area.value.split('\n').map((line) => line.trim()).filter(Boolean);
      if (!lines.length) return undefined;
      return numeric ? lines.map((line) => numberFrom(line)) : lines;
    }, numeric ? 'One number per line.' : 'One per line.');
  }
  if ((types.includes('number') || types.includes('integer')) && !types.includes('string')) {
    const input = h('input', { type: 'number', inputmode: types.includes('integer') ? 'numeric' : 'decimal', step: types.includes('integer') ? '1' : 'any', min: schema.minimum, max: schema.maximum, value: defaultText(schema) });
    return leaf(spec, input, () => numberFrom(input.value));
  }
  if (types.includes('number') || types.includes('integer')) {
    // A number or a description ("3000 USD per month"): a number when it reads as one.
    const input = h('input', { type: 'text', value: defaultText(schema) });
    return leaf(spec, input, () => numberFrom(input.value), 'A number or a short description.');
  }
  if (isLongText(name, schema)) {
    const area = h('textarea', { rows: name === 'prompt' ? 6 : 4, maxlength: schema.maxLength, spellcheck: 'true' });
    if (defaultText(schema)) area.value = defaultText(schema) ?? '';
    return leaf(spec, area, () => (area.value.trim() ? area.value : undefined));
  }
  const type = schema.format === 'email' ? 'email' : schema.format === 'uri' ? 'url' : 'text';
  const input = h('input', { type, maxlength: schema.maxLength, value: defaultText(schema), autocomplete: type === 'email' ? 'email' : 'off' });
  return leaf(spec, input, () => (input.value.trim() ? input.value.trim() : undefined));
}
