import { h } from '../../app/dom.ts';
import { dataTable } from '../data-table.ts';
import { labelOf, type ChartData } from './chart-types.ts';

interface Row {
  category: string;
  index: number;
}

/** A chart's data as a table, inside a closed `<details>`: the same figures for readers who cannot see the drawing. */
export function chartTable(data: ChartData): HTMLElement {
  const rows: Row[] = data.categories.map((category, index) => ({ category, index }));
  const table = dataTable<Row>(data.title, [
    { header: data.categoryHeader, cell: (row) => labelOf(data, row.category) },
    ...data.series.map((series) => ({ header: series.name, numeric: true, cell: (row: Row) => {
      const value = series.values[row.index];
      return value === null || value === undefined ? '—' : data.format(value);
    } })),
  ], rows);
  return h('details', { className: 'chart-data' }, h('summary', null, 'Data table'), table);
}
