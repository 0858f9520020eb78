// The account record: what a user looks like outside the database (one projection for every response), and the
// identity rules every use case shares (literal case-insensitive look-ups, availability, the username rule).
import { db } from "../../db/client";
import { isUniqueViolation } from "../../db/constraint-errors";
import { AppError } from "../../lib/errors";
import type { Prisma } from "../../generated/prisma/client";
import { usernameProblem, type CurrentUser, type User } from "./schema";

export const userSelect = {
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  role: true,
  toolAccess: true,
  emailVerified: true,
  createdAt: true,
  affiliations: true,
} satisfies Prisma.UserSelect;
type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;

/** The one projection of a user row: the admin list, the current user and every other response start here. */
export function toUser(user: UserRow): User {
  // Affiliations are the person's own (the profile) and the judging panel's to read, not every list's.
  const { affiliations: _affiliations, ...rest } = user;
  return { ...rest, createdAt: user.createdAt.toISOString() };
}

/** The signed-in user as the header reads it: the user plus role names for its badges (SPEC §3). */
export function toCurrentUser(user: UserRow): CurrentUser {
  return { ...toUser(user), roles: [user.role], affiliations: user.affiliations };
}

export const cleanName = (name: string | null | undefined) => name?.trim() || null;
export const displayName = (u: { firstName: string | null; username: string }) => u.firstName || u.username;

// Case-insensitive identity lookups compare lower(x) = lower($1): literal, so `%` and `_` in what a visitor types
// are ordinary characters (Prisma's `mode: "insensitive"` compiles to ILIKE, where they are wildcards). The
// lower() unique indexes (migration 20261122190000) serve these queries. docs/decisions/004.

/** The id of the account whose username or e-mail equals `value` ignoring case, if any. */
export async function findUserIdBy(column: "username" | "email", value: string): Promise<string | null> {
  const prisma = await db();
  const rows =
    column === "email"
      ? await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE lower(email) = lower(${value}) LIMIT 1`
      : await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE lower(username) = lower(${value}) LIMIT 1`;
  return rows[0]?.id ?? null;
}

/** Refuses a username or e-mail another account already has (case-insensitive, literal). */
export async function assertAvailable(username: string, email: string, exceptUserId?: string) {
  const prisma = await db();
  const [clash] = await prisma.$queryRaw<{ username: string; email: string }[]>`
    SELECT username, email FROM users
    WHERE (lower(username) = lower(${username}) OR lower(email) = lower(${email})) AND id <> ${exceptUserId ?? ""}
    LIMIT 1`;
  if (!clash) return;
  if (clash.username.toLowerCase() === username.toLowerCase()) throw new AppError("conflict", "Username is already taken");
  throw new AppError("conflict", "Email is already registered");
}

export function assertUsername(username: string) {
  const problem = usernameProblem(username);
  if (problem) throw new AppError("invalid_data", problem);
}

/** The unique-constraint race (two sign-ups at once) ends as the same 409 as the pre-check. */
export function conflictFromUniqueViolation(e: unknown): never {
  const target = String((e as { meta?: { target?: unknown } }).meta?.target ?? (e as Error).message ?? "");
  if (isUniqueViolation(e)) {
    throw new AppError("conflict", target.includes("email") ? "Email is already registered" : "Username is already taken");
  }
  throw e;
}
