/** Recognises what PostgreSQL refused, whichever driver and wrapper (drizzle wraps driver errors) it came through. */
function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string };
    current = e.cause;
  }
  return undefined;
}

/** A unique constraint (optionally this one) refused the row: SQLSTATE 23505. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = postgresError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A foreign key (optionally this one) refused the row: SQLSTATE 23503. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = postgresError(error);
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}

/**
 * PostgreSQL refused a character of a text: SQLSTATE 22021. Text decoded from JSON or an address is always
 * valid UTF-8, so the one character it can hold that PostgreSQL cannot store is NUL (U+0000).
 */
export function isUnstorableCharacter(error: unknown): boolean {
  return postgresError(error)?.code === '22021';
}
