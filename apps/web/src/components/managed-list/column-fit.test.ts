import { describe, expect, it } from 'vitest';
import { columnsThatFit, widthOf } from './column-fit';

const columns = [
  { id: 'slug', width: 200 },
  { id: 'remark', width: 160, priority: 3 },
  { id: 'preview', width: 220, priority: 9 },
  { id: 'views', width: 100, priority: 3 },
  { id: 'created', width: 120 },
];
const ids = (available: number) => columnsThatFit(columns, available, 100).map((c) => c.id);

describe('columnsThatFit', () => {
  it('keeps every column when they all fit', () => {
    expect(ids(900)).toEqual(['slug', 'remark', 'preview', 'views', 'created']);
  });

  it('hides the least important first, the later one among equals', () => {
    expect(ids(899)).toEqual(['slug', 'remark', 'views', 'created']);
    expect(ids(679)).toEqual(['slug', 'remark', 'created']);
    expect(ids(579)).toEqual(['slug', 'created']);
  });

  it('never hides a column without a priority, even when nothing fits', () => {
    expect(ids(100)).toEqual(['slug', 'created']);
  });

  it('hides nothing before the list has a width', () => {
    expect(ids(0)).toHaveLength(columns.length);
  });

  it('adds up the width the shown columns need', () => {
    expect(widthOf(columnsThatFit(columns, 679, 100), 100)).toBe(580);
  });
});
