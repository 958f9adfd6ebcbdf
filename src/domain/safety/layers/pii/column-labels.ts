// In a delimited table (CSV, TSV, semicolons, pipes) a value's label is its column's header, often lines
// above it: "id,name,phone\n…\n17,Ana,030 97677251". This finds that header. Lines are read as ranges of
// the text, counted character by character: only a header is ever cut into fields. A value's line and its
// column are found by binary search (over the text's line starts, and over the delimiters of its line), so
// many values on one long line cost no more than on many short ones.

const delimiters = [',', '\t', ';', '|'] as const;
// A header field is a short name without digits: "phone", "Card Number", "client_ip", "E-Mail".
const headerField = /^[\p{L} _./#()'-]{1,32}$/u;
// How far up a header may be; rows further down are read as if the table had none.
const maximumLinesUp = 200;

interface Table {
  delimiter: string;
  header: string[] | undefined;
}

/** The column headers of the tables in one text, read as needed and remembered per line. */
export class ColumnLabels {
  readonly #text: string;
  readonly #tables = new Map<number, Table | undefined>();
  /** Where each line starts, ascending; found on first use. */
  #lineStarts: number[] | undefined;
  /** The positions of the delimiter on each table row read so far, by the row's start. */
  readonly #delimiterPositions = new Map<number, number[]>();

  constructor(text: string) {
    this.#text = text;
  }

  /** The header of the column that `position` falls in, in words ("phone_number" → "phone number"). */
  labelAt(position: number): string | undefined {
    const lineStart = this.#lineStartOf(position);
    const table = this.#tableAt(lineStart);
    if (table?.header === undefined) return undefined;
    const field = table.header[this.#delimitersBefore(table.delimiter, lineStart, position)];
    return field === undefined ? undefined : words(field);
  }

  /** The table the line at `lineStart` is a row of; its rows up to the header share one entry. */
  #tableAt(lineStart: number): Table | undefined {
    if (this.#tables.has(lineStart)) return this.#tables.get(lineStart);
    const lineEnd = this.#lineEnd(lineStart);
    const delimiter = delimiters.find((candidate) => this.#count(candidate, lineStart, lineEnd) >= 2);
    if (delimiter === undefined) {
      this.#tables.set(lineStart, undefined);
      return undefined;
    }
    const delimiterCount = this.#count(delimiter, lineStart, lineEnd);
    const rows = [lineStart];
    let header: string[] | undefined;
    for (let start = previousLine(this.#text, lineStart); start !== undefined && rows.length <= maximumLinesUp; start = previousLine(this.#text, start)) {
      const known = this.#tables.get(start);
      if (known !== undefined && known.delimiter === delimiter) {
        header = known.header;
        break;
      }
      const end = this.#lineEnd(start);
      if (this.#count(delimiter, start, end) !== delimiterCount) break;
      if (!/\d/.test(this.#text.slice(start, end))) {
        const fields = this.#text.slice(start, end).split(delimiter);
        if (fields.every((field) => headerField.test(field.trim()))) {
          header = fields;
          break;
        }
      }
      rows.push(start);
    }
    const table = { delimiter, header };
    for (const start of rows) this.#tables.set(start, table);
    return table;
  }

  /** The start of the line `position` is on (a position just past a newline starts the next line). */
  #lineStartOf(position: number): number {
    if (this.#lineStarts === undefined) {
      this.#lineStarts = [0];
      for (let index = this.#text.indexOf('\n'); index >= 0; index = this.#text.indexOf('\n', index + 1)) this.#lineStarts.push(index + 1);
    }
    return this.#lineStarts[lastAtMost(this.#lineStarts, position)] ?? 0;
  }

  /** How many times `delimiter` occurs on the row at `lineStart` before `position`. */
  #delimitersBefore(delimiter: string, lineStart: number, position: number): number {
    let positions = this.#delimiterPositions.get(lineStart);
    if (positions === undefined) {
      positions = [];
      const end = this.#lineEnd(lineStart);
      for (let index = this.#text.indexOf(delimiter, lineStart); index >= 0 && index < end; index = this.#text.indexOf(delimiter, index + 1)) positions.push(index);
      this.#delimiterPositions.set(lineStart, positions);
    }
    return lastAtMost(positions, position - 1) + 1;
  }

  #count(delimiter: string, start: number, end: number): number {
    let count = 0;
    for (let index = this.#text.indexOf(delimiter, start); index >= 0 && index < end; index = this.#text.indexOf(delimiter, index + 1)) count += 1;
    return count;
  }

  #lineEnd(start: number): number {
    const end = this.#text.indexOf('\n', start);
    return end < 0 ? this.#text.length : end;
  }
}

/** The index of the last value of the ascending `values` that is at most `limit`; -1 when none is. */
function lastAtMost(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) <= limit) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function previousLine(text: string, lineStart: number): number | undefined {
  return lineStart === 0 ? undefined : text.lastIndexOf('\n', lineStart - 2) + 1;
}

/** "phoneNumber", "phone_number", "Phone-Number" → "phone number". */
function words(field: string): string {
  return field
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase();
}
