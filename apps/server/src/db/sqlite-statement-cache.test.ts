import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses the statement', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = {
      prepare: (sql: string) => {
        prepared += 1;
        return raw.prepare(sql);
      },
      close: () => raw.close(),
    };
    const db = withStatementCache(counting);
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select sum(n) as s from t').all([])).toEqual([{ s: 3 }]);
    expect(prepared).toBe(3);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('drops the least recently used statement beyond its capacity', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // 'select 2' is now the oldest
    db.prepare('select 3');
    expect(db.cachedStatements).toBe(2);
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
    db.close();
  });
});
