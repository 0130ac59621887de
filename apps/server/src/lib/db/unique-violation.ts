/** Whether the database refused a row because a unique index already holds its key (the driver may wrap the error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error; at; at = (at as { cause?: unknown }).cause) {
    if ((at as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
