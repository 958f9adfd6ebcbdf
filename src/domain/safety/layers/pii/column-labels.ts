// In a delimited table (CSV, TSV, semicolons, pipes) a value's label is its column's header, often lines
// above it: "id,name,phone\n…\n17,Ana,030 97677251". This finds that header.

const delimiters = [',', '\t', ';', '|'] as const;
// A header field is a short name without digits: "phone", "Card Number", "client_ip", "E-Mail".
const headerField = /^[\p{L} _./#()'-]{1,32}$/u;
// How far up a header may be; a longer table is read in pieces, each as if it had no header.
const maximumLinesUp = 200;

interface Table {
  delimiter: string;
  header: string[] | undefined;
}

/** The column headers of the tables in one text, read as needed and remembered per line. */
export class ColumnLabels {
  readonly #text: string;
  readonly #tables = new Map<number, Table | undefined>();

  constructor(text: string) {
    this.#text = text;
  }

  /** The header of the column that `position` falls in, in words ("phone_number" → "phone number"). */
  labelAt(position: number): string | undefined {
    const lineStart = this.#text.lastIndexOf('\n', position - 1) + 1;
    const table = this.#tableAt(lineStart);
    if (table?.header === undefined) return undefined;
    const column = this.#text.slice(lineStart, position).split(table.delimiter).length - 1;
    const field = table.header[column];
    return field === undefined ? undefined : words(field);
  }

  #tableAt(lineStart: number): Table | undefined {
    if (this.#tables.has(lineStart)) return this.#tables.get(lineStart);
    const line = this.#line(lineStart);
    const delimiter = delimiters.find((candidate) => line.split(candidate).length >= 3);
    let table: Table | undefined;
    if (delimiter !== undefined) {
      const fieldCount = line.split(delimiter).length;
      const visited = [lineStart];
      let header: string[] | undefined;
      for (let start = previousLine(this.#text, lineStart); start !== undefined && visited.length <= maximumLinesUp; start = previousLine(this.#text, start)) {
        const known = this.#tables.get(start);
        if (known !== undefined && known.delimiter === delimiter) {
          header = known.header;
          break;
        }
        const fields = this.#line(start).split(delimiter);
        if (fields.length !== fieldCount) break;
        if (fields.every((field) => headerField.test(field.trim()))) {
          header = fields;
          break;
        }
        visited.push(start);
      }
      table = { delimiter, header };
      for (const start of visited) this.#tables.set(start, table);
      return table;
    }
    this.#tables.set(lineStart, table);
    return table;
  }

  #line(start: number): string {
    const end = this.#text.indexOf('\n', start);
    return this.#text.slice(start, end < 0 ? this.#text.length : end);
  }
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
