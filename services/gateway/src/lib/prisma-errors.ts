import { Prisma } from '@app/db';

/** A unique constraint refused the write (Prisma P2002): the caller answers 409 or picks another value. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** A foreign key refused the write (Prisma P2003); `meta` names the constraint. */
export function isForeignKeyViolation(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';
}
