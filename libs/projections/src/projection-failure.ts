/**
 * How a projection failure is told apart and described without the data that caused it.
 *
 * A driver error's message starts with the SQL it ran and the values bound to it (names, e-mail addresses), so it is
 * never logged or stored as is: only the error's class, its SQLSTATE and the database's own sentence, with quoted
 * values masked, are kept.
 */

/**
 * SQLSTATE classes and socket codes of failures that pass (connection, resources, shutdown, serialisation). 08P01
 * (protocol violation) is not among them: a NUL in a bound value makes PGlite's wire protocol answer it.
 */
const TRANSIENT_SQLSTATE = /^(08(?!P01)|40|53|57|58)/;
const TRANSIENT_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; sqlState?: unknown };

function fields(error: unknown): ErrorLike {
  return error && typeof error === 'object' ? (error as ErrorLike) : { message: String(error) };
}

/**
 * True for a failure that says nothing about the event (the database is unreachable, busy or shutting down): it is
 * retried forever. Every other failure counts towards parking the event.
 */
export function isTransientFailure(error: unknown): boolean {
  const e = fields(error);
  if (e.name === 'ConnectionException' || e.name === 'LockWaitTimeoutException' || e.name === 'DeadlockException')
    return true;
  const code = typeof e.code === 'string' ? e.code : typeof e.sqlState === 'string' ? e.sqlState : '';
  return TRANSIENT_NODE.has(code) || (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE.test(code));
}

/** One line for logs and the dead-letter table: error class, SQLSTATE, the database's sentence; no SQL, no values. */
export function describeFailure(error: unknown): string {
  const e = fields(error);
  const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
  const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? ` SQLSTATE ${e.code}` : '';
  let message = typeof e.message === 'string' ? e.message : '';
  // knex and MikroORM prefix the statement (with its bound values): keep what the database said after it.
  const cut = message.lastIndexOf(' - ');
  if (cut >= 0) message = message.slice(cut + 3);
  message = message
    .replace(/"[^"]*"|'[^']*'/g, (quoted) => (/^["'][\w.]*["']$/.test(quoted) ? quoted : '"..."'))
    .replace(/[^\x20-\x7e]/g, '?');
  return `${name}${code}: ${message.slice(0, 200)}`;
}
