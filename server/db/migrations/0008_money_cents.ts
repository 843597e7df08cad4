/**
 * Money in integer cents, so sums never drift: every amount column of orders, order_items and
 * payments becomes `<name>_cents` (integer), existing dollar rows converted by rounding to the
 * nearest cent. New `_cents` columns, then the old ones dropped, so the same steps run on SQLite
 * (3.35+ drops columns) and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export const MONEY_COLUMNS = {
  orders: [
    'subtotal',
    'subtotal_incl_tax',
    'shipping_amount',
    'shipping_tax_amount',
    'shipping_incl_tax',
    'tax_amount',
    'total',
  ],
  order_items: ['price', 'original_price', 'price_incl_tax', 'row_total', 'tax_amount', 'row_total_incl_tax'],
  payments: ['amount'],
} as const;

async function convert(
  db: Kysely<any>,
  from: (c: string) => string,
  to: (c: string) => string,
  type: 'integer' | 'numeric(12, 2)',
  expr: (c: string) => string,
) {
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    for (const c of columns) {
      await db.schema
        .alterTable(table)
        .addColumn(to(c), sql.raw(type), (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`update ${sql.table(table)} set ${sql.ref(to(c))} = ${sql.raw(expr(from(c)))}`.execute(db);
      await db.schema.alterTable(table).dropColumn(from(c)).execute();
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await convert(
    db,
    (c) => c,
    (c) => `${c}_cents`,
    'integer',
    (c) => `cast(round(${c} * 100) as integer)`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await convert(
    db,
    (c) => `${c}_cents`,
    (c) => c,
    'numeric(12, 2)',
    (c) => `${c} / 100.0`,
  );
}
