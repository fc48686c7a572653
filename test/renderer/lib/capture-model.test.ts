import { describe, expect, it } from 'vitest';
import {
  captureSizeWords,
  matchTasks,
  pointIn,
  regionBetween,
  regionChosen,
} from '../../../renderer/lib/capture-model';

const task = (id: string, title: string) => ({ id, title, status: 'todo', from: 'mine' as const });

describe('the capture’s task picker and region', () => {
  it('finds tasks by every word typed, any case, in the order main gave', () => {
    const tasks = [
      task('tsk_1', 'Access review'),
      task('tsk_2', 'Backup restore test'),
      task('tsk_3', 'Review access logs'),
    ];
    expect(matchTasks(tasks, 'ACCESS review').map((t) => t.id)).toEqual(['tsk_1', 'tsk_3']);
    expect(matchTasks(tasks, '  ')).toBe(tasks);
    expect(matchTasks(tasks, 'payroll')).toEqual([]);
  });

  it('a drag becomes a region whichever way it went, kept on the picture', () => {
    const back = regionBetween({ x: 0.8, y: 0.6 }, { x: 0.2, y: 0.1 });
    expect([back.x, back.y, back.width, back.height].map((n) => n.toFixed(3))).toEqual([
      '0.200',
      '0.100',
      '0.600',
      '0.500',
    ]);
    expect(regionBetween({ x: 0.5, y: 0.5 }, { x: 1.4, y: -0.3 })).toEqual({
      x: 0.5,
      y: 0,
      width: 0.5,
      height: 0.5,
    });
  });

  it('a point is read as fractions of the picture’s box', () => {
    const box = { left: 10, top: 20, width: 200, height: 100 } as DOMRect;
    expect(pointIn(box, 110, 45)).toEqual({ x: 0.5, y: 0.25 });
  });

  it('a click without a drag is no region; a few pixels’ drag neither', () => {
    const size = { width: 1000, height: 500 };
    expect(regionChosen(null, size)).toBe(false);
    expect(regionChosen({ x: 0.5, y: 0.5, width: 0, height: 0 }, size)).toBe(false);
    expect(regionChosen({ x: 0.1, y: 0.1, width: 0.005, height: 0.5 }, size)).toBe(false);
    expect(regionChosen({ x: 0.1, y: 0.1, width: 0.2, height: 0.2 }, size)).toBe(true);
  });

  it('says the size as people read it', () => {
    expect(captureSizeWords(1280, 800, 245_300)).toBe('1280 × 800, 245 KB');
    expect(captureSizeWords(3840, 2160, 4_250_000)).toBe('3840 × 2160, 4.3 MB');
  });
});
