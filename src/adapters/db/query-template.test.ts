import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';
import { QueryTemplate } from './query-template.ts';

const database = await openDatabase('sqlite::memory:');
const { db } = database;
afterAll(() => database.close());

describe('query templates', () => {
  const template = new QueryTemplate(db, (slot) =>
    db.selectNoFrom((expression) => [expression.val(slot('word')).as('word'), expression.val('fixed').as('constant'), expression.val(slot('n')).as('n')]),
  );

  it('bind new values on every call and keep the constants they were built with', async () => {
    expect((await template.execute({ word: 'one', n: 1 })).rows).toEqual([{ word: 'one', constant: 'fixed', n: 1 }]);
    expect((await template.execute({ word: 'two', n: 41 })).rows).toEqual([{ word: 'two', constant: 'fixed', n: 41 }]);
  });

  it('refuse a call that leaves a slot empty', () => {
    expect(() => template.execute({ word: 'three' })).toThrow('No value for slot "n"');
  });
});
