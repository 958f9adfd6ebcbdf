import { codeUnits } from '../../text/code-units.ts';

/** One occurrence of a listed term in a text. */
export interface TermMatch {
  /** The group the term is listed under. */
  group: string;
  start: number;
  end: number;
  /** Where the line the match starts on starts. */
  lineStart: number;
}

interface Node {
  next: Map<number, number>;
  fail: number;
  /** The groups and lengths of every term ending here (its own and, through failure links, its suffixes'). */
  outputs: { group: string; length: number; wordStart: boolean; wordEnd: boolean }[];
}

/**
 * Finds every occurrence of many literal terms in one pass over the text (Aho–Corasick), case-insensitively:
 * the time is linear in the text whatever the terms. A term written in a script that separates words with
 * spaces must start where a word starts ("ignor" does not match inside "signore"); terms in Chinese,
 * Japanese or Thai, and in Arabic, Persian or Hebrew (which join particles to words), may start anywhere.
 * Terms are stems: they may end inside a word, unless listed with a leading "=" ("=ai" is not "aim").
 */
export class TermMatcher {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, outputs: [] }];
  /** The class of each ASCII code unit (lower-cased): its own for those that occur in some term, 0 for the rest. */
  private readonly asciiClass = new Uint8Array(128);
  private asciiClasses = 1;
  /**
   * For ASCII input, the next node of every node and class, failure links followed in advance: most text is
   * read by table. Rows are in breadth-first order (see `row`), so the shallow nodes everyday text keeps
   * returning to sit together at the start of the table, and it holds row offsets rather than node numbers,
   * so a step is one read: the offset itself, or its complement (`~offset`, negative) when some term ends at
   * that node.
   */
  private asciiNext = new Int32Array(0);
  /** Each node's row offset in asciiNext (its breadth-first rank times the number of classes), and back. */
  private row = new Int32Array(0);
  private nodeOfRow = new Int32Array(0);
  /** Whether any term ends at the node (its own or a suffix's), by node. */
  private hasOutput = new Uint8Array(0);

  constructor(groups: Readonly<Record<string, readonly string[]>>) {
    for (const [group, terms] of Object.entries(groups)) for (const term of terms) this.add(group, term);
    this.link();
  }

  private add(group: string, listed: string): void {
    const wordEnd = listed.startsWith('=');
    const term = wordEnd ? listed.slice(1) : listed;
    const units = codeUnits(term.toLowerCase());
    let node = 0;
    for (const unit of units) {
      if (unit < 128 && this.asciiClass[unit] === 0) this.asciiClass[unit] = this.asciiClasses++;
      const current = this.nodes[node] as Node;
      let child = current.next.get(unit);
      if (child === undefined) {
        child = this.nodes.length;
        this.nodes.push({ next: new Map(), fail: 0, outputs: [] });
        current.next.set(unit, child);
      }
      node = child;
    }
    const outputs = (this.nodes[node] as Node).outputs;
    if (!outputs.some((output) => output.group === group)) outputs.push({ group, length: units.length, wordStart: !spacelessScript(units[0] ?? 0), wordEnd });
  }

  /**
   * Breadth-first failure links; each node inherits the outputs of the node its failure link points to.
   * Then the ASCII table, in the same order, so the failure node's row is complete before it is copied from.
   */
  private link(): void {
    const queue: number[] = [];
    for (const child of (this.nodes[0] as Node).next.values()) queue.push(child);
    this.fillLinks(queue);
    const classes = this.asciiClasses;
    const representative = new Int32Array(classes);
    for (let unit = 0; unit < 128; unit += 1) if (this.asciiClass[unit] !== 0) representative[this.asciiClass[unit] as number] = unit;
    const order = [0, ...queue];
    this.row = new Int32Array(this.nodes.length);
    this.nodeOfRow = new Int32Array(this.nodes.length);
    order.forEach((node, rank) => {
      this.row[node] = rank * classes;
      this.nodeOfRow[rank] = node;
    });
    this.asciiNext = new Int32Array(this.nodes.length * classes);
    this.hasOutput = new Uint8Array(this.nodes.length);
    for (const node of order) {
      const current = this.nodes[node] as Node;
      this.hasOutput[node] = current.outputs.length > 0 ? 1 : 0;
      const offset = this.row[node] as number;
      for (let kind = 1; kind < classes; kind += 1) {
        const child = current.next.get(representative[kind] as number);
        if (child === undefined) this.asciiNext[offset + kind] = node === 0 ? 0 : (this.asciiNext[(this.row[current.fail] as number) + kind] as number);
        else this.asciiNext[offset + kind] = (this.nodes[child] as Node).outputs.length > 0 ? ~(this.row[child] as number) : (this.row[child] as number);
      }
    }
  }

  private fillLinks(queue: number[]): void {
    for (let head = 0; head < queue.length; head += 1) {
      const node = this.nodes[queue[head] as number] as Node;
      for (const [unit, child] of node.next) {
        let fail = node.fail;
        while (fail !== 0 && !(this.nodes[fail] as Node).next.has(unit)) fail = (this.nodes[fail] as Node).fail;
        const target = (this.nodes[fail] as Node).next.get(unit);
        const childNode = this.nodes[child] as Node;
        childNode.fail = target !== undefined && target !== child ? target : 0;
        childNode.outputs.push(...(this.nodes[childNode.fail] as Node).outputs);
        queue.push(child);
      }
    }
  }

  /** Every occurrence of every term, in order of where it ends. */
  matches(text: string): TermMatch[] {
    const units = codeUnits(text);
    const found: TermMatch[] = [];
    // The current node's row offset in asciiNext.
    let offset = 0;
    let lineStart = 0;
    const { asciiClasses: classes, asciiClass, asciiNext, hasOutput, row, nodeOfRow } = this;
    for (let index = 0; index < units.length; index += 1) {
      const code = units[index] as number;
      let node: number;
      if (code < 128) {
        if (code === 10) lineStart = index + 1;
        const next = asciiNext[offset + (asciiClass[code >= 65 && code <= 90 ? code + 32 : code] as number)] as number;
        if (next >= 0) {
          offset = next;
          continue;
        }
        offset = ~next;
        node = nodeOfRow[offset / classes] as number;
      } else {
        node = this.nextOutsideAscii(nodeOfRow[offset / classes] as number, lowerUnit(code));
        offset = row[node] as number;
        if (hasOutput[node] === 0) continue;
      }
      for (const output of (this.nodes[node] as Node).outputs) {
        const start = index + 1 - output.length;
        if (output.wordStart && start > 0 && isLetter(units[start - 1] as number)) continue;
        if (output.wordEnd && index + 1 < units.length && isLetter(units[index + 1] as number)) continue;
        found.push({ group: output.group, start, end: index + 1, lineStart: Math.min(lineStart, start) });
      }
    }
    return found;
  }

  private nextOutsideAscii(from: number, unit: number): number {
    let node = from;
    while (node !== 0 && !(this.nodes[node] as Node).next.has(unit)) node = (this.nodes[node] as Node).fail;
    return (this.nodes[node] as Node).next.get(unit) ?? 0;
  }
}

const lowered = new Map<number, number>();

/** The lower case of one code unit, when that is one code unit too. */
function lowerUnit(unit: number): number {
  if (unit < 128) return unit >= 65 && unit <= 90 ? unit + 32 : unit;
  let lower = lowered.get(unit);
  if (lower === undefined) {
    const folded = String.fromCharCode(unit).toLowerCase();
    lower = folded.length === 1 ? folded.charCodeAt(0) : unit;
    lowered.set(unit, lower);
  }
  return lower;
}

/** Letters (and combining marks) of the scripts that separate words with spaces. */
function isLetter(unit: number): boolean {
  if (unit < 128) return (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90);
  return unit >= 0xc0 && unit < 0x2000 && unit !== 0xd7 && unit !== 0xf7;
}

/**
 * Chinese, Japanese and Thai write words without spaces between them; Arabic, Persian and Hebrew join
 * conjunctions, articles and prepositions to the word that follows. Their terms may start inside a word.
 */
function spacelessScript(unit: number): boolean {
  return (unit >= 0x0590 && unit <= 0x06ff) || (unit >= 0x0750 && unit <= 0x077f) || (unit >= 0x0e00 && unit <= 0x0e7f) || (unit >= 0x3040 && unit <= 0x30ff) || (unit >= 0x3400 && unit <= 0x9fff) || (unit >= 0xf900 && unit <= 0xfaff);
}
