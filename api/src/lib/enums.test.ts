// Every contract's vocabulary equals its Prisma enum (the one place that says so: tsc refuses a pair whose words
// differ, this test the same sets at run time), and the kit's pattern and membership test (enums.ts).
import { describe, expect, test } from "bun:test";
import * as Db from "../generated/prisma/enums";
import { APPLICATION_STATUSES } from "../modules/applications/schema";
import { ROLES } from "../modules/auth/schema";
import {
  ANY_STATUS_QUERY_PATTERN,
  CHALLENGE_STATUSES,
  OPEN_CHALLENGE_STATUSES,
  PUBLIC_CHALLENGE_STATUSES,
  STATUS_QUERY_PATTERN,
} from "../modules/challenges/schema";
import { DELIVERABLE_KINDS } from "../modules/deliverables/schema";
import { WEBHOOK_STATUSES } from "../modules/operations/schema";
import { INVITATION_STATUSES, SUBMISSION_STATUSES, TEAM_ROLES } from "../modules/submissions/schema";
import { ORDER_EVENT_KINDS, ORDER_STATUSES, ORDER_TYPES } from "../modules/orders/schema";
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from "../modules/billing/schema";
import { SYNC_STATUSES } from "../modules/printify/schema";
import { ACCESS_LEVELS, RESOURCE_FILTERS, RESOURCE_TYPES } from "../modules/resources/schema";
import { commaListPattern, isOneOf, oneOfPattern } from "./enums";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A contract's list against its Prisma enum: the call does not type-check unless both hold the same words. */
const vocabulary = <const L extends readonly string[], E extends Record<string, string>>(
  list: L,
  database: E,
  ..._same: Same<L[number], E[keyof E]> extends true ? [] : [error: "the contract's words differ from the database enum's"]
) => ({ list: list as readonly string[], database: Object.values(database) });

/** A new contract list of a database enum's words joins here (SPEC §3 lists the enums). */
const VOCABULARIES = {
  "ChallengeStatus (challenges)": vocabulary(CHALLENGE_STATUSES, Db.ChallengeStatus),
  "ApplicationStatus (applications)": vocabulary(APPLICATION_STATUSES, Db.ApplicationStatus),
  "DeliverableKind (deliverables)": vocabulary(DELIVERABLE_KINDS, Db.DeliverableKind),
  "SubmissionStatus (submissions)": vocabulary(SUBMISSION_STATUSES, Db.SubmissionStatus),
  "TeamRole (submissions)": vocabulary(TEAM_ROLES, Db.TeamRole),
  "InvitationStatus (submissions)": vocabulary(INVITATION_STATUSES, Db.InvitationStatus),
  "Role (auth, users)": vocabulary(ROLES, Db.Role),
  "ResourceType (resources)": vocabulary(RESOURCE_TYPES, Db.ResourceType),
  "ResourceType (the resources filter, SPEC §2's order)": vocabulary(RESOURCE_FILTERS, Db.ResourceType),
  "AccessLevel (resources)": vocabulary(ACCESS_LEVELS, Db.AccessLevel),
  "OrderStatus (orders)": vocabulary(ORDER_STATUSES, Db.OrderStatus),
  "OrderType (orders)": vocabulary(ORDER_TYPES, Db.OrderType),
  "OrderEventKind (orders)": vocabulary(ORDER_EVENT_KINDS, Db.OrderEventKind),
  "SubscriptionStatus (billing)": vocabulary(SUBSCRIPTION_STATUSES, Db.SubscriptionStatus),
  "SubscriptionPlan (billing)": vocabulary(SUBSCRIPTION_PLANS, Db.SubscriptionPlan),
  "WebhookStatus (operations)": vocabulary(WEBHOOK_STATUSES, Db.WebhookStatus),
  "MerchSyncStatus (printify)": vocabulary(SYNC_STATUSES, Db.MerchSyncStatus),
};

describe("each contract list holds its database enum's words, once each", () => {
  for (const [name, { list, database }] of Object.entries(VOCABULARIES)) {
    test(name, () => {
      expect(new Set(list).size).toBe(list.length);
      expect([...list].sort()).toEqual([...database].sort());
    });
  }

  test("a list that misses a word, or adds one, does not type-check", () => {
    // @ts-expect-error ADMIN is missing
    vocabulary(["USER"] as const, Db.Role);
    // @ts-expect-error OWNER is not a role
    vocabulary(["USER", "ADMIN", "OWNER"] as const, Db.Role);
  });

  test("the challenge subsets are words of the list", () => {
    for (const s of [...PUBLIC_CHALLENGE_STATUSES, ...OPEN_CHALLENGE_STATUSES]) expect(CHALLENGE_STATUSES).toContain(s);
  });
});

describe("commaListPattern", () => {
  test("the challenge filters are the lists' words, one or several comma-separated", () => {
    expect(STATUS_QUERY_PATTERN).toBe("^(UPCOMING|ACTIVE|COMPLETED)(,(UPCOMING|ACTIVE|COMPLETED))*$");
    expect(ANY_STATUS_QUERY_PATTERN).toBe("^(DRAFT|UPCOMING|ACTIVE|COMPLETED)(,(DRAFT|UPCOMING|ACTIVE|COMPLETED))*$");
    const publicFilter = new RegExp(STATUS_QUERY_PATTERN);
    for (const ok of ["ACTIVE", "ACTIVE,UPCOMING", "COMPLETED,ACTIVE,UPCOMING"]) expect(publicFilter.test(ok)).toBe(true);
    for (const bad of ["", "DRAFT", "ACTIVE,", ",ACTIVE", "ACTIVEX", "active", "ACTIVE,DRAFT"]) {
      expect(publicFilter.test(bad)).toBe(false);
    }
  });

  test("a word's pattern characters are literal", () => {
    const pattern = new RegExp(commaListPattern(["a.b", "c|d"]));
    expect(pattern.test("a.b,c|d")).toBe(true);
    expect(pattern.test("axb")).toBe(false);
    expect(pattern.test("c")).toBe(false);
  });
});

test("oneOfPattern takes exactly one of the words", () => {
  expect(oneOfPattern(ROLES)).toBe("^(USER|ADMIN)$");
  const role = new RegExp(oneOfPattern(ROLES));
  expect(role.test("ADMIN")).toBe(true);
  for (const bad of ["", "admin", "USER,ADMIN", "ADMINS", "XUSER"]) expect(role.test(bad)).toBe(false);
});

test("isOneOf narrows to the list's words and refuses anything else", () => {
  expect(isOneOf(ROLES, "ADMIN")).toBe(true);
  for (const other of ["admin", "", null, undefined, 1, ["ADMIN"]]) expect(isOneOf(ROLES, other)).toBe(false);
  const value: unknown = "USER";
  if (isOneOf(ROLES, value)) {
    const role: (typeof ROLES)[number] = value;
    expect(role).toBe("USER");
  }
});
