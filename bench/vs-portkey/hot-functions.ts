import type { Frame, FlameNode } from './flame-graph.ts';

/** One function's share of a profile: on top of the stack (self) and anywhere on it (total), in samples. */
export interface FunctionShare {
  frame: Frame;
  self: number;
  total: number;
}

/**
 * Every function of a merged call tree with its self and total samples, most self time first. A function
 * called recursively counts a sample once in its total.
 */
export function functionShares(tree: FlameNode): FunctionShare[] {
  const shares = new Map<string, FunctionShare>();
  const visit = (node: FlameNode, onStack: Set<string>) => {
    const label = node.frame.label;
    const share = shares.get(label) ?? { frame: node.frame, self: 0, total: 0 };
    shares.set(label, share);
    share.self += node.self;
    if (!onStack.has(label)) share.total += node.total;
    const below = new Set(onStack).add(label);
    for (const child of node.children) visit(child, below);
  };
  for (const child of tree.children) visit(child, new Set());
  return [...shares.values()].sort((left, right) => right.self - left.self || right.total - left.total);
}

/** Self samples per area (ours, each package under node_modules, node, GC), largest first. */
export function areaShares(shares: FunctionShare[]): { area: string; self: number }[] {
  const byArea = new Map<string, number>();
  for (const share of shares) byArea.set(share.frame.area, (byArea.get(share.frame.area) ?? 0) + share.self);
  return [...byArea.entries()].map(([area, self]) => ({ area, self })).sort((left, right) => right.self - left.self);
}

const percent = (part: number, whole: number) => `${whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0'}`;

/** The table rows of the `count` functions with the most self time: function, file, self %, total %. */
export function hotFunctionRows(tree: FlameNode, count: number): (string | number)[][] {
  return functionShares(tree)
    .slice(0, count)
    .map((share) => [share.frame.name, share.frame.file ? `${share.frame.file}:${share.frame.line}` : '(native)', percent(share.self, tree.total), percent(share.total, tree.total)]);
}

/** The table rows of self time by area: area, self %. */
export function areaRows(tree: FlameNode): (string | number)[][] {
  return areaShares(functionShares(tree)).map((share) => [share.area, percent(share.self, tree.total)]);
}
