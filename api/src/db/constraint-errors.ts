// A write the database refused by one of its constraints, recognised once. A service checks first (a 409 or a 400
// that names the clash) and keeps the constraint as the answer to a concurrent twin of the write, which these turn
// into the same error. Prisma reports both as PrismaClientKnownRequestError with these codes, inside an interactive
// transaction too; matched by code alone, so a test double or a wrapped client's error counts as well.

const codeOf = (e: unknown) => (e as { code?: unknown } | null | undefined)?.code;

/** A unique constraint refused the row (Prisma P2002: PostgreSQL's unique_violation). */
export const isUniqueViolation = (e: unknown) => codeOf(e) === "P2002";

/** A foreign key refused the row: what it points at is gone (Prisma P2003: PostgreSQL's foreign_key_violation). */
export const isForeignKeyViolation = (e: unknown) => codeOf(e) === "P2003";
