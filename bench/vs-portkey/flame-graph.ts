import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A V8 CPU profile (what `node --cpu-prof` writes) as a flame graph: identical stacks merged, each frame as
 * wide as its share of the samples, labelled `function file:line` with paths relative to the repository and
 * coloured by where its code lives (this service's sources, a dependency, Node itself, garbage collection).
 * The SVG is self-contained: no script, a <title> per frame shows the details on hover.
 */

/** The parts of a .cpuprofile this reads (Chrome DevTools protocol, Profiler.Profile). */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  /** The node on top of the stack at each sample, and the µs since the previous one (the first: since startTime). */
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number; scriptId?: string | number };
  hitCount?: number;
  children?: number[];
}

/** Where a frame's code lives: this service, a package under node_modules (named), Node itself, or the garbage collector. */
export type AreaKind = 'ours' | 'dependency' | 'node' | 'gc';

export interface Frame {
  /** `function file:line` (the function alone when there is no file: native and V8's own entries). */
  label: string;
  name: string;
  /** Relative to the repository for its files; node:… for Node's own modules; empty for native code. */
  file: string;
  /** 1-based, as editors count. */
  line: number;
  kind: AreaKind;
  /** The area's name in tables: "ours", the package's name, "node" or "GC". */
  area: string;
}

export interface FlameNode {
  frame: Frame;
  /** Samples with this frame on top of the stack. */
  self: number;
  /** Samples with this frame anywhere on the stack below it: its width. */
  total: number;
  children: FlameNode[];
}

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The frame a profile's call frame stands for, its file relative to `root` when inside it. */
export function frameOf(callFrame: ProfileNode['callFrame'], root = repositoryRoot): Frame {
  const name = callFrame.functionName || '(anonymous)';
  let file = callFrame.url;
  if (file.startsWith('file://')) {
    const path = fileURLToPath(file);
    const inside = relative(root, path);
    file = inside.startsWith('..') ? path : inside;
  }
  const line = callFrame.lineNumber + 1;
  const label = file ? `${name} ${file}:${line}` : name;
  if (name === '(garbage collector)') return { label, name, file, line, kind: 'gc', area: 'GC' };
  const dependency = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (dependency) return { label, name, file, line, kind: 'dependency', area: dependency[1] as string };
  // Native code and V8's entries have no file; Node's modules are node:…; anything else outside the repository is not ours.
  if (file === '' || file.startsWith('node:') || file.startsWith('/') || !file.includes('/')) return { label, name, file, line, kind: 'node', area: 'node' };
  return { label, name, file, line, kind: 'ours', area: 'ours' };
}

/** Samples per profile node, those taken between `window.fromUs` and `window.toUs` only when a window is given. */
function sampleCounts(profile: CpuProfile, window?: { fromUs: number; toUs: number }): Map<number, number> {
  const counts = new Map<number, number>();
  if (!profile.samples || !profile.timeDeltas) {
    for (const node of profile.nodes) counts.set(node.id, node.hitCount ?? 0);
    return counts;
  }
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas?.[index] ?? 0;
    if (window && (time < window.fromUs || time > window.toUs)) return;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  return counts;
}

const wholeFrame: Frame = { label: 'all', name: 'all', file: '', line: 0, kind: 'node', area: 'node' };

/**
 * The profile's call tree with identical stacks merged (the same labels from the root down, whatever the
 * columns or script ids), children in label order. V8's "(idle)" is left out: it is time without work.
 */
export function mergeStacks(profile: CpuProfile, options: { root?: string; window?: { fromUs: number; toUs: number } } = {}): FlameNode {
  const counts = sampleCounts(profile, options.window);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const top: FlameNode = { frame: wholeFrame, self: 0, total: 0, children: [] };

  const add = (node: ProfileNode, parent: FlameNode) => {
    const frame = frameOf(node.callFrame, options.root);
    if (frame.name === '(idle)') return;
    let merged = parent.children.find((child) => child.frame.label === frame.label);
    if (!merged) {
      merged = { frame, self: 0, total: 0, children: [] };
      parent.children.push(merged);
    }
    merged.self += counts.get(node.id) ?? 0;
    for (const id of node.children ?? []) {
      const child = byId.get(id);
      if (child) add(child, merged);
    }
  };
  // The profile's own root, "(root)", stands for the whole: its children hang from `top`.
  for (const node of profile.nodes.filter((candidate) => !childIds.has(candidate.id))) {
    if (node.callFrame.functionName === '(root)') for (const id of node.children ?? []) add(byId.get(id) as ProfileNode, top);
    else add(node, top);
  }

  const settle = (node: FlameNode): number => {
    node.children = node.children.filter((child) => settle(child) > 0).sort((left, right) => (left.frame.label < right.frame.label ? -1 : 1));
    node.total = node.self + node.children.reduce((sum, child) => sum + child.total, 0);
    return node.total;
  };
  settle(top);
  return top;
}

const palette: Record<AreaKind, { hue: number; saturation: number }> = {
  ours: { hue: 18, saturation: 85 },
  dependency: { hue: 205, saturation: 65 },
  node: { hue: 95, saturation: 25 },
  gc: { hue: 280, saturation: 55 },
};

/** The frame's colour: its area's hue, the lightness varied by its label so that neighbours differ. */
function colour(frame: Frame): string {
  let hash = 0;
  for (const character of frame.label) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  const { hue, saturation } = palette[frame.kind];
  return `hsl(${hue + (hash % 20) - 10}, ${saturation}%, ${62 + (hash % 17)}%)`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const layout = { width: 1200, frameHeight: 17, header: 46, characterWidth: 6.6, minimumWidth: 0.3 };

/** The flame graph as an SVG document: the whole at the bottom, callees above their callers. */
export function flameGraphSvg(tree: FlameNode, title: string): string {
  const scale = tree.total > 0 ? layout.width / tree.total : 0;
  const depthOf = (node: FlameNode): number => 1 + Math.max(0, ...node.children.filter((child) => child.total * scale >= layout.minimumWidth).map(depthOf));
  const depth = depthOf(tree);
  const height = layout.header + depth * layout.frameHeight + 4;
  const frames: string[] = [];
  const draw = (node: FlameNode, x: number, level: number) => {
    const width = node.total * scale;
    if (width < layout.minimumWidth) return;
    const y = height - 4 - (level + 1) * layout.frameHeight;
    const share = ((node.total / tree.total) * 100).toFixed(2);
    const detail = `${node.frame.label}\n${node.frame.area} · ${node.total} samples, ${share}% (self ${node.self})`;
    const characters = Math.floor((width - 6) / layout.characterWidth);
    const text = characters < 3 ? '' : node.frame.label.length <= characters ? node.frame.label : `${node.frame.label.slice(0, characters - 2)}..`;
    frames.push(
      `<g><title>${escapeXml(detail)}</title><rect x="${x.toFixed(2)}" y="${y}" width="${width.toFixed(2)}" height="${layout.frameHeight - 1}" rx="2" fill="${colour(node.frame)}"/>` +
        (text ? `<text x="${(x + 3).toFixed(2)}" y="${y + 12}">${escapeXml(text)}</text>` : '') +
        '</g>',
    );
    let childX = x;
    for (const child of node.children) {
      draw(child, childX, level + 1);
      childX += child.total * scale;
    }
  };
  draw(tree, 0, 0);
  const legend = (['ours', 'dependency', 'node', 'gc'] as const)
    .map((kind, index) => {
      const names = { ours: 'this service (src/, bin/)', dependency: 'node_modules', node: 'Node and V8', gc: 'garbage collection' };
      const x = 10 + index * 220;
      return `<rect x="${x}" y="26" width="12" height="12" fill="${colour({ ...wholeFrame, label: '', kind })}"/><text x="${x + 17}" y="36">${names[kind]}</text>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${height}" viewBox="0 0 ${layout.width} ${height}" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fcfcfa"/>`,
    `<text x="10" y="17" font-size="13">${escapeXml(title)}</text>`,
    legend,
    ...frames,
    '</svg>',
    '',
  ].join('\n');
}
