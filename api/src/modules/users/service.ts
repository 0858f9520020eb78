// User management for /admin/users. Delegated managers (toolAccess user_management) may manage members but not
// admins, and never roles or tool access: otherwise a delegate could reset an admin's password or promote
// themselves. The last admin can be neither deleted nor demoted.
import { db } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { Prisma, type Role } from "../../generated/prisma/client";
import { defineKeyset, inPageOrder, type Page, type PageInput } from "../../lib/keyset";
import {
  assertAvailable,
  assertUsername,
  cleanName,
  conflictFromUniqueViolation,
  findUserIdBy,
  toUser,
  userSelect,
} from "../auth/accounts";
import { issueVerification } from "../auth/service";
import { hashNewPassword } from "../auth/password";
import { destroyUserSessions } from "../auth/sessions";
import { MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isEmail, normaliseEmail } from "../auth/schema";
import { type AdminUser, type CreateUserBody, type UpdateUserBody, USER_PAGE_SIZE } from "./schema";
import { canManageAccount } from "../auth/permissions";

type Actor = { id: string; role: string; toolAccess: string[] };
const MANAGED_BY_ADMIN = "Only an admin can change an account that has admin access";

// Serialises the "is this the last admin?" check with the change it guards (two admins demoting each other at
// once must not leave none). An advisory lock works the same on PGlite and PostgreSQL.
const LAST_ADMIN_LOCK = 7_271_202_612;

/** Newest first on users(createdAt); ties broken by id. */
const userKeyset = defineKeyset({ table: "users", column: "createdAt", kind: "timestamp", direction: "desc" });

export type UserListInput = PageInput & { search?: string; role?: Role };
type UserPage = Page<AdminUser> & { total: number; admins: number };

/** Search (case-insensitive substring of username or e-mail, taken literally: strpos, no LIKE wildcards) and role. */
function filterSql({ search, role }: UserListInput): Prisma.Sql[] {
  const q = search?.trim().toLowerCase();
  return [
    ...(q ? [Prisma.sql`(strpos(lower(username), ${q}) > 0 OR strpos(lower(email), ${q}) > 0)`] : []),
    ...(role ? [Prisma.sql`role = ${role}::"Role"`] : []),
  ];
}

/**
 * One page of the user table, newest first, with the counts of the whole filtered list (Total Users, Admins): the
 * screen holds a page at a time, so it cannot count the rest itself.
 */
export async function listUsers(input: UserListInput = {}): Promise<UserPage> {
  const prisma = await db();
  const where = filterSql(input);
  const whereSql = where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
  const [{ ids, nextCursor }, [counts]] = await Promise.all([
    userKeyset.page(prisma, { where, cursor: input.cursor, limit: input.limit ?? USER_PAGE_SIZE }),
    prisma.$queryRaw<{ total: number; admins: number }[]>`
      SELECT count(*)::int AS total, (count(*) FILTER (WHERE role = 'ADMIN'))::int AS admins FROM users ${whereSql}`,
  ]);
  const rows = await prisma.user.findMany({ where: { id: { in: ids } }, select: userSelect });
  return { items: inPageOrder(ids, rows).map(toUser), nextCursor, total: counts?.total ?? 0, admins: counts?.admins ?? 0 };
}

function assertMayGrant(actor: Actor, input: { role?: string; toolAccess?: string[] }) {
  const grants = (input.role !== undefined && input.role !== "USER") || (input.toolAccess?.length ?? 0) > 0;
  if (actor.role !== "ADMIN" && grants) throw new AppError("forbidden", "Only an admin can change roles or tool access");
}

export async function createUser(actor: Actor, input: CreateUserBody): Promise<AdminUser> {
  assertMayGrant(actor, input);
  const username = input.username.trim();
  const email = normaliseEmail(input.email);
  assertUsername(username);
  await assertAvailable(username, email);
  const user = await (await db()).user
    .create({
      data: {
        username,
        email,
        password: await hashNewPassword(input.password),
        role: input.role ?? "USER",
        toolAccess: input.toolAccess ?? [],
        firstName: cleanName(input.firstName),
        lastName: cleanName(input.lastName),
      },
      select: userSelect,
    })
    .catch(conflictFromUniqueViolation); // the same username or e-mail saved twice at once: 409 like the pre-check
  return toUser(user);
}

type Target = { id: string; role: string; toolAccess: string[] };

/** A delegate changes neither roles nor tool access, and only members' accounts. */
function assertMayChange(actor: Actor, target: Target, input: UpdateUserBody) {
  if (actor.role === "ADMIN") return;
  const roleChanged = input.role !== undefined && input.role !== target.role;
  const toolsChanged =
    input.toolAccess !== undefined && [...input.toolAccess].sort().join() !== [...target.toolAccess].sort().join();
  if (roleChanged || toolsChanged) throw new AppError("forbidden", "Only an admin can change roles or tool access");
  if (!canManageAccount(actor, target)) throw new AppError("forbidden", MANAGED_BY_ADMIN);
}

/**
 * Two admins may edit one account at once, or one delete it meanwhile. Only the fields sent are written, with the
 * row locked: the rules are checked again against the account as it is then (a promotion meanwhile), an edit after a
 * delete answers 404, and a username or e-mail taken by a concurrent change is the same 409 as the pre-check's.
 */
export async function updateUser(actor: Actor, id: string, input: UpdateUserBody): Promise<AdminUser> {
  const prisma = await db();
  const username = input.username?.trim();
  const email = input.email === undefined ? undefined : normaliseEmail(input.email);
  if (username !== undefined) assertUsername(username);
  const before = await prisma.user.findUnique({
    where: { id },
    select: { id: true, role: true, toolAccess: true, username: true, email: true },
  });
  if (!before) throw notFound("User not found");
  assertMayChange(actor, before, input);
  await assertAvailable(username ?? before.username, email ?? before.email, id);
  // An empty or absent password keeps the current one (SPEC §5). Hashed before any lock is taken.
  const password = input.password ? await hashNewPassword(input.password) : undefined;
  const demoting = input.role !== undefined && input.role !== "ADMIN";
  const user = await prisma
    .$transaction(async (tx) => {
      // Locks in the order deleteUser takes them (the last-admin lock, then the row), so the two never deadlock.
      if (demoting) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LAST_ADMIN_LOCK}::bigint)`;
      const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;
      if (!locked) throw notFound("User not found");
      const target = await tx.user.findUniqueOrThrow({
        where: { id },
        select: { id: true, role: true, toolAccess: true, email: true },
      });
      assertMayChange(actor, target, input);
      if (demoting && target.role === "ADMIN" && (await tx.user.count({ where: { role: "ADMIN" } })) <= 1) {
        throw new AppError("conflict", "The last admin cannot be demoted");
      }
      const emailChanged = email !== undefined && email !== target.email;
      const data: Prisma.UserUpdateInput = {
        ...(username !== undefined ? { username } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(emailChanged ? { emailVerified: false } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.toolAccess !== undefined ? { toolAccess: input.toolAccess } : {}),
        ...(input.firstName !== undefined ? { firstName: cleanName(input.firstName) } : {}),
        ...(input.lastName !== undefined ? { lastName: cleanName(input.lastName) } : {}),
        ...(password ? { password } : {}),
      };
      const updated = await tx.user.update({ where: { id }, data, select: userSelect });
      // A new address must be proven by its owner, whoever typed it in: its link is written and mailed with the change.
      if (emailChanged) await issueVerification(tx, id);
      return updated;
    })
    .catch(conflictFromUniqueViolation);
  if (password) await destroyUserSessions(id); // a password set by an admin ends the user's sessions
  return toUser(user);
}

/** Two deletes at once, or a delete after an edit's lock: the loser finds no row and answers 404. */
export async function deleteUser(actor: Actor, id: string): Promise<void> {
  if (actor.id === id) throw new AppError("conflict", "You cannot delete your own account here");
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { id }, select: { id: true, role: true, toolAccess: true } });
    if (!target) throw notFound("User not found");
    if (!canManageAccount(actor, target)) throw new AppError("forbidden", MANAGED_BY_ADMIN);
    if (target.role === "ADMIN") {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LAST_ADMIN_LOCK}::bigint)`;
      if ((await tx.user.count({ where: { role: "ADMIN" } })) <= 1)
        throw new AppError("conflict", "The last admin cannot be deleted");
    }
    const { count } = await tx.user.deleteMany({ where: { id } });
    if (count === 0) throw notFound("User not found");
  });
}

// ------------------------------------------------------------------------------------ administrators by command
// A deployment's first administrator comes from `npm run admin:create` (api/src/cli/admin-create.ts), never from
// the demo seed, whose passwords are public (docs/decisions/004). These are the rules that command applies.

type AdministratorInput = { username: string; email: string; firstName?: string | null; lastName?: string | null };

/** The username, e-mail and name rules of sign-up, checked before anything is stored or a password is asked for. */
export function normaliseAdministrator(input: AdministratorInput): AdministratorInput {
  const username = input.username.trim();
  const email = normaliseEmail(input.email);
  assertUsername(username);
  if (!isEmail(email)) throw new AppError("invalid_data", MESSAGES.invalidEmail);
  const firstName = cleanName(input.firstName);
  const lastName = cleanName(input.lastName);
  if ((firstName?.length ?? 0) > NAME_MAX_LENGTH || (lastName?.length ?? 0) > NAME_MAX_LENGTH) {
    throw new AppError("invalid_data", `Names must be at most ${NAME_MAX_LENGTH} characters`);
  }
  return { username, email, firstName, lastName };
}

/** Accounts whose username or e-mail equals these, ignoring case (literally): none, one, or two different ones. */
export async function accountsNamed(username: string, email: string): Promise<AdminUser[]> {
  const ids = [await findUserIdBy("username", username), await findUserIdBy("email", email)].filter(
    (id): id is string => id !== null,
  );
  const rows = await (await db()).user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: userSelect,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toUser);
}

/** A new ADMIN account with a sign-up-strength password. Its address counts as verified: the operator vouches for it. */
export async function createAdministrator(input: AdministratorInput & { password: string }): Promise<AdminUser> {
  const { username, email, firstName, lastName } = normaliseAdministrator(input);
  if (input.password.length < PASSWORD_MIN_LENGTH) throw new AppError("invalid_data", MESSAGES.registerPasswordTooShort);
  if (input.password.length > PASSWORD_MAX_LENGTH) throw new AppError("invalid_data", MESSAGES.passwordTooLong);
  await assertAvailable(username, email);
  const user = await (await db()).user
    .create({
      data: {
        username,
        email,
        password: await hashNewPassword(input.password),
        role: "ADMIN",
        emailVerified: true,
        firstName,
        lastName,
      },
      select: userSelect,
    })
    .catch(conflictFromUniqueViolation);
  return toUser(user);
}

/** Makes an existing account ADMIN; its password, address and sessions stay as they are. */
export async function promoteToAdministrator(id: string): Promise<AdminUser> {
  const user = await (await db()).user.update({ where: { id }, data: { role: "ADMIN" }, select: userSelect });
  return toUser(user);
}
