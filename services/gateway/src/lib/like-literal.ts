/**
 * A reader's text as the operand of Prisma's `contains`, `startsWith`, `endsWith` and
 * case-insensitive `equals`, matching that text only. Prisma compiles those filters to LIKE/ILIKE
 * and passes the operand through (prisma/prisma#19506), so `%` and `_` would be wildcards and a
 * trailing `\` a database error. PostgreSQL's default LIKE escape is the backslash.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
