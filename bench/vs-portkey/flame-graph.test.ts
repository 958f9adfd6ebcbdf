import { describe, expect, it } from 'vitest';
import { flameGraphSvg, frameOf, mergeStacks, type CpuProfile, type FlameNode } from './flame-graph.ts';
import { areaRows, functionShares, hotFunctionRows } from './hot-functions.ts';

const root = '/repo';
const frame = (functionName: string, url: string, lineNumber = 0, columnNumber = 0) => ({ functionName, url, lineNumber, columnNumber, scriptId: '1' });

/**
 * (root) → main → handle (twice: two columns of one line, so one label) → parse, plus GC and idle.
 * Samples: handle 3 + 1, parse 2 + 4, GC 5, idle 10.
 */
const profile: CpuProfile = {
  startTime: 1_000,
  endTime: 2_000,
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 7, 8] },
    { id: 2, callFrame: frame('main', 'file:///repo/src/main.ts', 9), children: [3, 4] },
    { id: 3, callFrame: frame('handle', 'file:///repo/src/http/handle.ts', 19, 5), children: [5] },
    { id: 4, callFrame: frame('handle', 'file:///repo/src/http/handle.ts', 19, 30), children: [6] },
    { id: 5, callFrame: frame('parse', 'file:///repo/node_modules/fastify/lib/parse.js') },
    { id: 6, callFrame: frame('parse', 'file:///repo/node_modules/fastify/lib/parse.js') },
    { id: 7, callFrame: frame('(garbage collector)', '') },
    { id: 8, callFrame: frame('(idle)', '') },
  ],
  // One sample every 10 µs from 1 010 on: the first ten are idle.
  samples: [...Array<number>(10).fill(8), 3, 3, 3, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7],
  timeDeltas: Array<number>(25).fill(10),
};

const find = (node: FlameNode, label: string): FlameNode | undefined =>
  node.frame.label === label ? node : node.children.map((child) => find(child, label)).find(Boolean);

describe('flame graph from a CPU profile', () => {
  it('merges identical stacks and leaves idle time out', () => {
    const tree = mergeStacks(profile, { root });
    expect(tree.total).toBe(15);
    expect(tree.children.map((child) => [child.frame.label, child.total])).toEqual([
      ['(garbage collector)', 5],
      ['main src/main.ts:10', 10],
    ]);
    const handle = find(tree, 'handle src/http/handle.ts:20');
    expect([handle?.self, handle?.total, handle?.children.length]).toEqual([4, 10, 1]);
    const parse = handle?.children[0];
    expect([parse?.frame.label, parse?.self, parse?.total]).toEqual(['parse node_modules/fastify/lib/parse.js:1', 6, 6]);
  });

  it('counts only the samples inside a time window when given one', () => {
    // Samples 11 to 15 of the list are at 1 110 to 1 150 µs: handle ×3, handle (other column) ×1, parse ×1.
    const tree = mergeStacks(profile, { root, window: { fromUs: 1_110, toUs: 1_150 } });
    expect(tree.total).toBe(5);
    expect(find(tree, 'handle src/http/handle.ts:20')?.self).toBe(4);
    expect(find(tree, '(garbage collector)')).toBeUndefined();
  });

  it('names the area of each frame', () => {
    expect(frameOf(frame('f', 'file:///repo/src/a.ts', 2), root)).toMatchObject({ file: 'src/a.ts', line: 3, kind: 'ours', area: 'ours' });
    expect(frameOf(frame('g', 'file:///repo/node_modules/@ai-sdk/openai/dist/index.mjs'), root)).toMatchObject({ kind: 'dependency', area: '@ai-sdk/openai' });
    expect(frameOf(frame('h', 'node:internal/streams/readable', 4), root)).toMatchObject({ label: 'h node:internal/streams/readable:5', kind: 'node' });
    expect(frameOf(frame('', ''), root)).toMatchObject({ label: '(anonymous)', kind: 'node' });
    expect(frameOf(frame('(garbage collector)', ''), root)).toMatchObject({ kind: 'gc', area: 'GC' });
  });

  it('draws each frame as wide as its share, with a title to hover', () => {
    const svg = flameGraphSvg(mergeStacks(profile, { root }), 'test <profile>');
    const widths = Object.fromEntries(
      [...svg.matchAll(/<title>([^\n<]+)\n[^<]*<\/title><rect [^>]*width="([\d.]+)"/g)].map((match) => [match[1], Number(match[2])]),
    );
    expect(widths).toEqual({
      all: 1200,
      '(garbage collector)': 400,
      'main src/main.ts:10': 800,
      'handle src/http/handle.ts:20': 800,
      'parse node_modules/fastify/lib/parse.js:1': 480,
    });
    expect(svg).toContain('test &lt;profile&gt;');
    expect(svg).not.toContain('<script');
  });
});

describe('hot functions', () => {
  it('ranks functions by self time and counts a recursive call once in its total', () => {
    const recursive: CpuProfile = {
      startTime: 0,
      endTime: 0,
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2] },
        { id: 2, callFrame: frame('walk', 'file:///repo/src/walk.ts'), hitCount: 1, children: [3] },
        { id: 3, callFrame: frame('visit', 'file:///repo/src/walk.ts', 5), hitCount: 2, children: [4] },
        { id: 4, callFrame: frame('walk', 'file:///repo/src/walk.ts'), hitCount: 3 },
      ],
    };
    const tree = mergeStacks(recursive, { root });
    expect(functionShares(tree).map((share) => [share.frame.name, share.self, share.total])).toEqual([
      ['walk', 4, 6],
      ['visit', 2, 5],
    ]);
    expect(hotFunctionRows(tree, 1)).toEqual([['walk', 'src/walk.ts:1', '66.7', '100.0']]);
  });

  it('groups self time by area', () => {
    expect(areaRows(mergeStacks(profile, { root }))).toEqual([
      ['fastify', '40.0'],
      ['GC', '33.3'],
      ['ours', '26.7'],
    ]);
  });
});
