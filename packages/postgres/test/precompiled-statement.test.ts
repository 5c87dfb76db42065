import type { Database } from '@chat/postgres';
import { sql, type Kysely } from 'kysely';
import { PrecompiledStatement } from '../src/prepared-statements';
import { createPgliteDatabase } from './test-databases';

describe('PrecompiledStatement', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  interface Values extends Record<string, unknown> {
    a: number;
    b: string | undefined;
  }

  it('builds each shape once, and puts every value in its parameters, however often it appears', async () => {
    const build = jest.fn(({ a, b }: Values) => sql<{ x: number; y: string | null; z: number }>`
      select ${a}::int as x, ${b !== undefined ? sql`${b}::text` : sql`null::text`} as y, ${a}::int * 2 as z`);
    const statement = new PrecompiledStatement<Values, { x: number; y: string | null; z: number }>(build);

    expect((await statement.execute(db, { a: 1, b: 'one' })).rows).toEqual([{ x: 1, y: 'one', z: 2 }]);
    expect((await statement.execute(db, { a: 2, b: 'two' })).rows).toEqual([{ x: 2, y: 'two', z: 4 }]);
    expect(build).toHaveBeenCalledTimes(1);
    // Another shape (b unset) is built once more, and keeps its own text.
    expect((await statement.execute(db, { a: 3, b: undefined })).rows).toEqual([{ x: 3, y: null, z: 6 }]);
    expect((await statement.execute(db, { a: 4, b: 'four' })).rows).toEqual([{ x: 4, y: 'four', z: 8 }]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('refuses a statement with a parameter that is not one of its values', async () => {
    const statement = new PrecompiledStatement<Values, { x: number }>(({ a }) => sql<{ x: number }>`select ${a}::int + ${5}::int as x`);
    await expect(statement.execute(db, { a: 1, b: undefined })).rejects.toThrow(/every parameter from its values, not 5/);
  });
});
