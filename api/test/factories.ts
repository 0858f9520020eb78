// Test data builders: each call makes a new, unique row with sensible defaults; pass fields to override.
import { db } from "../src/db/client";
import type { Prisma } from "../src/generated/prisma/client";

let seq = 0;
export const unique = (prefix = "t") => `${prefix}-${Date.now().toString(36)}-${(++seq).toString(36)}`;

export async function createUser(data: Partial<Prisma.UserCreateInput> = {}) {
  const name = unique("user");
  // A fixed, pre-computed-looking hash keeps factories fast; auth tests hash real passwords themselves.
  return (await db()).user.create({
    data: { username: name, email: `${name}@example.com`, password: "$argon2id$v=19$m=19456,t=2,p=1$placeholder", ...data },
  });
}

export async function createChallenge(data: Partial<Prisma.ChallengeUncheckedCreateInput> = {}) {
  return (await db()).challenge.create({
    data: {
      title: unique("Challenge"),
      description: "A short description",
      status: "ACTIVE",
      startDate: new Date("2026-12-01T00:00:00Z"),
      ...data,
    },
  });
}

export async function createApplication(
  challengeId: string,
  userId: string,
  data: Partial<Prisma.ChallengeParticipantUncheckedCreateInput> = {},
) {
  return (await db()).challengeParticipant.create({
    data: {
      challengeId,
      userId,
      applicantName: "Ada Lovelace",
      company: "Analytical Engines",
      applicantEmail: "ada@example.com",
      role: "Engineer",
      interestDescription: "I want to help with this challenge.",
      ...data,
    },
  });
}

/** A user whose password really verifies (argon2id; slower than createUser). */
export async function createUserWithPassword(password: string, data: Partial<Prisma.UserCreateInput> = {}) {
  const { hashPassword } = await import("../src/modules/auth/password");
  return createUser({ password: await hashPassword(password), ...data });
}

export async function createProject(data: Partial<Prisma.ProjectUncheckedCreateInput> = {}) {
  return (await db()).project.create({
    data: {
      title: unique("Project"),
      description: "A short summary",
      problem: "The problem it tackled",
      solution: "What the team built",
      ...data,
    },
  });
}

/** An order (a paid resource purchase unless told otherwise); amounts in dollars as SPEC stores them. */
export async function createOrder(data: Partial<Prisma.OrderUncheckedCreateInput> = {}) {
  return (await db()).order.create({
    data: {
      orderType: "RESOURCE_ONETIME",
      customerEmail: `${unique("buyer")}@example.com`,
      amount: "19.00",
      status: "COMPLETED",
      ...data,
    },
  });
}
