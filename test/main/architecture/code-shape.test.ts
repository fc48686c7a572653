import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/code-shape/import-graph';
import { longestFunctions } from '../../../scripts/code-shape/function-lengths';

const root = join(__dirname, '../../..');

describe('the shape of the code (issue 33: every room small enough to hold in your head)', () => {
  it('has no import cycle anywhere, type-only imports included', () => {
    const graph = importGraph(root, ['main', 'renderer', 'common', 'preload', 'scripts', 'test']);
    expect(graph.size).toBeGreaterThan(200);
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has no function over 200 lines in main/, renderer/ or common/', () => {
    const [longest] = longestFunctions(root, ['main', 'renderer', 'common'], 1);
    expect(longest?.lines).toBeGreaterThan(50);
    const over = longestFunctions(root, ['main', 'renderer', 'common'], 50).filter(
      (f) => f.lines > 200,
    );
    expect(over).toEqual([]);
  });
});
