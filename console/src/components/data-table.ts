import { h, type Child } from '../app/dom.ts';

export interface Column<Row> {
  header: string;
  cell(row: Row): Child;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

/**
 * An accessible table: a caption names it, header cells have scope, and a narrow screen scrolls it inside
 * a focusable region rather than the whole page.
 */
export function dataTable<Row>(caption: string, columns: readonly Column<Row>[], rows: readonly Row[], options: { captionHidden?: boolean } = {}): HTMLElement {
  const table = h(
    'table',
    { className: 'data-table' },
    h('caption', { className: options.captionHidden ? 'visually-hidden' : null }, caption),
    h('thead', null, h('tr', null, columns.map((column) => h('th', { scope: 'col', className: column.numeric ? 'numeric' : null }, column.header)))),
    h('tbody', null, rows.map((row) => h('tr', null, columns.map((column) => h('td', { className: column.numeric ? 'numeric' : null }, column.cell(row)))))),
  );
  return h('div', { className: 'table-scroll', role: 'region', 'aria-label': caption, tabindex: 0 }, table);
}
