/** Quotes a PostgreSQL identifier (schema or table name) from configuration. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`Invalid SQL identifier "${name}": use lower-case letters, digits and underscores`);
  }
  return `"${name}"`;
}
