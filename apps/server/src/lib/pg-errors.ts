// PostgreSQL errors as either driver (node-postgres, PGlite) raises them through Drizzle, which
// wraps the driver's error in its own: the SQLSTATE sits somewhere down the `cause` chain.

/**
 * A unique violation (SQLSTATE 23505); with `constraint`, only one of that index or constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (
      typeof current === 'object' &&
      'code' in current &&
      current.code === '23505' &&
      (constraint === undefined || ('constraint' in current && current.constraint === constraint))
    ) {
      return true;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
