/** One of the five chart colours of the style sheet (`.series-1` … `.series-5`), the same in the legend. */
export type SeriesTone = 1 | 2 | 3 | 4 | 5;

/** A named series: one value per category, null where there is none (a gap in a line). */
export interface ChartSeries {
  name: string;
  tone: SeriesTone;
  values: readonly (number | null)[];
}

/** What every chart is given: its title, categories (days, agents, layers…), series and how values read. */
export interface ChartData {
  title: string;
  /** The categories' column header in the data table ("Day", "Agent"…). */
  categoryHeader: string;
  categories: readonly string[];
  /** How a category reads on an axis (defaults to the category itself). */
  categoryLabel?: (category: string) => string;
  series: readonly ChartSeries[];
  format: (value: number) => string;
  /** Whole-number ticks (counts). */
  integer?: boolean;
  /** The text alternative: what the chart shows, in a sentence or two. */
  summary: string;
  /** Shown instead of the chart when every value is 0 or missing. */
  emptyText: string;
  /** The drawing's width in pixels (its viewBox); the SVG scales to its container. */
  width?: number;
}

export function hasData(data: ChartData): boolean {
  return data.categories.length > 0 && data.series.some((series) => series.values.some((value) => value !== null && value !== 0));
}

export function labelOf(data: ChartData, category: string): string {
  return data.categoryLabel ? data.categoryLabel(category) : category;
}

/** The width of a text of `chars` characters at the charts' 11 px tick font, roughly. */
export function textWidth(chars: number): number {
  return chars * 6.6;
}
