/**
 * Counts the SQL statements a database connection sends, at the driver boundary (every statement knex sends for the
 * event store, the read models' MikroORM and the vault, transaction control included): what a request costs in round
 * trips, published as `inkprint_sql_statements_total` and pinned per detection by a test.
 */
export class SqlStatements {
  private count = 0;
  private readonly watchers = new Set<(sql: string) => void>();

  /** Statements sent since the database opened. */
  get total(): number {
    return this.count;
  }

  /** Called by the driver hook for each statement. */
  sent(sql: string): void {
    this.count++;
    for (const watch of this.watchers) watch(sql);
  }

  /** Calls `watch` with each statement's text until the returned function is called (tests list what a request sent). */
  watch(watch: (sql: string) => void): () => void {
    this.watchers.add(watch);
    return () => this.watchers.delete(watch);
  }
}
