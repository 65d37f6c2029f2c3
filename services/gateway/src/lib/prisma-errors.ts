import { Prisma } from '@app/db';

/** A unique constraint refused the write (Prisma P2002): the caller answers 409 or picks another value. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** A foreign key refused the write (Prisma P2003); `meta` names the constraint. */
export function isForeignKeyViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';
}

/**
 * The database could not take the request in time: an interactive transaction got no pooled
 * connection, or ran past its limit (Prisma P2028), or a connection could not be had (P2024). Nothing
 * was written; the caller may simply try again.
 */
export function isDatabaseBusy(error: unknown): boolean {
  return (
    error instanceof Prisma.PrismaClientKnownRequestError &&
    (error.code === 'P2028' || error.code === 'P2024')
  );
}
