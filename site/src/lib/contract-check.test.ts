// The islands' contract check against TypeBox on the real contracts: the same failures (name, path, schema, value,
// text), the same worded problems and the same pass/fail, on valid and invalid samples of every form's body and of
// every other exported contract schema the check covers; and every form contract stays inside the checked subset.
import { describe, expect, test } from "bun:test";
import { Kind, OptionalKind, type TSchema } from "@sinclair/typebox/type";
import { Check } from "@sinclair/typebox/value";
import { schemaProblems, typeboxFailures } from "@api/lib/typebox";
import * as localPayments from "@api/dev/schema";
import * as applications from "@api/modules/applications/schema";
import * as billing from "@api/modules/billing/schema";
import * as checkout from "@api/modules/checkout/schema";
import * as dashboard from "@api/modules/dashboard/schema";
import * as auth from "@api/modules/auth/schema";
import * as challenges from "@api/modules/challenges/schema";
import * as merchandise from "@api/modules/merchandise/schema";
import * as operations from "@api/modules/operations/schema";
import * as orders from "@api/modules/orders/schema";
import * as payments from "@api/modules/payments/schema";
import * as printify from "@api/modules/printify/schema";
import * as projects from "@api/modules/projects/schema";
import * as resources from "@api/modules/resources/schema";
import * as settings from "@api/modules/settings/schema";
import * as sitemap from "@api/modules/sitemap/schema";
import * as uploads from "@api/modules/uploads/schema";
import * as users from "@api/modules/users/schema";
import { CHECKED_KINDS, contractProblems, failuresOf } from "./contract-check";

/** Every body a form checks in the browser (checkForm's callers), by name. */
const FORM_CONTRACTS: Record<string, TSchema> = {
  LoginBody: auth.LoginBody,
  RegisterBody: auth.RegisterBody,
  ForgotPasswordBody: auth.ForgotPasswordBody,
  ResetPasswordBody: auth.ResetPasswordBody,
  ProfileUpdateBody: auth.ProfileUpdateBody,
  PasswordChangeBody: auth.PasswordChangeBody,
  ProfileBody: auth.ProfileBody,
  ProjectInputSchema: projects.ProjectInputSchema,
  CreateUserBody: users.CreateUserBody,
  UpdateUserBody: users.UpdateUserBody,
  OrderUpdateSchema: orders.OrderUpdateSchema,
  ResourceInputSchema: resources.ResourceInputSchema,
  SubscriptionSettingsInputSchema: settings.SubscriptionSettingsInputSchema,
  ChallengeInputSchema: challenges.ChallengeInputSchema,
  ApplicationBodySchema: applications.ApplicationBodySchema,
};

const CONTRACT_MODULES = {
  applications,
  auth,
  billing,
  challenges,
  checkout,
  dashboard,
  localPayments,
  merchandise,
  operations,
  orders,
  payments,
  printify,
  projects,
  resources,
  settings,
  sitemap,
  uploads,
  users,
};

// biome-ignore lint/suspicious/noExplicitAny: schemas are read as JSON
type Node = Record<string | symbol, any>;
const isSchema = (v: unknown): v is TSchema => typeof v === "object" && v !== null && Kind in v;

/** Keywords the check reads (or that carry no rule: messages, docs, defaults). */
const CHECKED_KEYWORDS = new Set([
  "type",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "const",
  "anyOf",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "minProperties",
  "maxProperties",
  "error",
  "errorMessage",
  "description",
  "title",
  "default",
  "examples",
]);

/** What in a schema lies outside the checked subset ("" when nothing). */
function outsideSubset(node: Node, path = "#"): string {
  if (!CHECKED_KINDS.includes(node[Kind])) return `${path}: kind ${String(node[Kind])}`;
  for (const key of Object.keys(node)) {
    // T.Never() is `{ not: {} }`: the check fails any value without reading `not`.
    if (!CHECKED_KEYWORDS.has(key) && !(key === "not" && node[Kind] === "Never")) return `${path}: keyword ${key}`;
  }
  if (typeof node.additionalProperties === "object") return `${path}: additionalProperties schema`;
  const children: [string, Node][] = [
    ...Object.entries((node.properties ?? {}) as Record<string, Node>).map(([k, v]) => [`${path}/${k}`, v] as [string, Node]),
    ...((node.anyOf ?? []) as Node[]).map((v, i) => [`${path}/anyOf/${i}`, v] as [string, Node]),
    ...(node.items ? [[`${path}/items`, node.items as Node] as [string, Node]] : []),
  ];
  for (const [at, child] of children) {
    const found = outsideSubset(child, at);
    if (found) return found;
  }
  return "";
}

/** Values people type, and the odd ones a body can carry. */
const COMMON: unknown[] = [
  "",
  " ",
  "\n",
  "a",
  "ab",
  "  a ",
  "ada",
  "ada_lovelace",
  "ada lovelace",
  "Ada!",
  "ada@example.com",
  " ada@example.com",
  "ada@example",
  "not an email",
  "correct horse battery",
  "short",
  "2026-03-01T09:30:00.000Z",
  "2026-03-01T09:30:00+02:00",
  "2026-13-45T99:00:00Z",
  "2026-03-01",
  "https://example.org/a.png",
  "HTTPS://EXAMPLE.ORG/A.PNG",
  "/API/FILES/0123456789ABCDEF0123456789ABCDEF.PNG",
  "http://localhost:4321/api/files/a.pdf",
  "/api/files/0123456789abcdef0123456789abcdef.png",
  "/api/files/0123456789abcdef0123456789abcdef.pdf",
  "/files/white-papers/a.pdf",
  "/api/files/../secret",
  "javascript:alert(1)",
  "data:text/html,x",
  "29.00",
  "4.5",
  "0",
  "1.234",
  "-1",
  "12345678901",
  "b0d9e7a2-0000-4000-8000-00000000b0d9",
  "A sentence long enough for every minimum a text field of ours sets, with room to spare.",
  '["one","two"]',
  "n".repeat(101),
  "n".repeat(300),
  0,
  1,
  -1,
  1.5,
  Number.NaN,
  true,
  false,
  null,
  undefined,
  [],
  ["a"],
  ["a", "a"],
  ["USER", "ADMIN", "USER"],
  [1, "1"],
  [0, -0],
  [
    { a: 1, b: 2 },
    { b: 2, a: 1 },
  ],
  {},
  { a: 1 },
];

/** Sample values for one schema: the common ones plus those its own rules suggest (its literals, its limits). */
function samplesFor(node: Node): unknown[] {
  const own: unknown[] = [];
  const n = node;
  if (n[Kind] === "Literal") own.push(n.const);
  if (n[Kind] === "Union") for (const branch of n.anyOf as Node[]) own.push(...samplesFor(branch));
  if (n[Kind] === "String") {
    for (const len of [n.minLength, n.maxLength])
      if (typeof len === "number") for (const d of [-1, 0, 1]) if (len + d >= 0) own.push("x".repeat(len + d));
  }
  if (n[Kind] === "Number" || n[Kind] === "Integer") {
    for (const b of [n.minimum, n.maximum, n.exclusiveMinimum, n.exclusiveMaximum])
      if (typeof b === "number") own.push(b - 1, b, b + 1);
  }
  if (n[Kind] === "Array") {
    const items = samplesFor(n.items).slice(0, 40);
    own.push(items.slice(0, 3), [items[0], items[0]]);
    if (typeof n.maxItems === "number") own.push(Array.from({ length: n.maxItems + 1 }, (_, i) => items[i % items.length]));
    const valid = items.filter((v) => Check(n.items, v));
    own.push(valid.slice(0, 2), [...new Set(valid)].slice(0, n.maxItems ?? 3));
  }
  return [...own, ...COMMON];
}

/** A value the schema accepts, built from the samples (objects property by property), or undefined. */
function validValue(node: Node): unknown {
  if (node[Kind] === "Object") {
    const body: Node = {};
    for (const [key, prop] of Object.entries(node.properties as Record<string, Node>)) {
      if (prop[OptionalKind]) continue;
      const value = validValue(prop);
      if (value !== undefined) body[key] = value;
    }
    return Check(node as TSchema, body) ? body : undefined;
  }
  if (node[Kind] === "Union") {
    for (const branch of node.anyOf as Node[]) {
      const value = validValue(branch);
      if (value !== undefined) return value;
    }
  }
  return samplesFor(node).find((v) => v !== undefined && Check(node as TSchema, v));
}

/** Bodies to try on an object schema: valid ones, each property wrong (or missing, or extra) in turn, many at once. */
function bodiesFor(node: Node): unknown[] {
  if (node[Kind] === "Union" && (node.anyOf as Node[]).some((branch) => branch[Kind] === "Object"))
    return (node.anyOf as Node[]).flatMap(bodiesFor);
  if (node[Kind] !== "Object") return samplesFor(node);
  const props = Object.entries(node.properties as Record<string, Node>);
  const base = (validValue(node) ?? {}) as Node;
  const full: Node = { ...base };
  for (const [key, prop] of props) if (!(key in full)) full[key] = validValue(prop);
  const bodies: unknown[] = [base, full, null, [], "body", 1, { ...full, extra: "x" }];
  for (const [key, prop] of props) {
    const { [key]: _, ...without } = full;
    bodies.push(without);
    for (const value of samplesFor(prop)) bodies.push({ ...full, [key]: value });
  }
  // Several fields wrong at once: the i-th common value everywhere (orders of failures, unions' closest branch).
  for (const value of COMMON) bodies.push(Object.fromEntries(props.map(([key]) => [key, value])));
  for (const [i, value] of COMMON.entries())
    bodies.push(Object.fromEntries(props.map(([key, prop], j) => [key, j % 2 ? value : samplesFor(prop)[i % 7]])));
  return bodies;
}

/** A failure as compared: its schema by identity, the rest by value. */
const comparable = (failures: Iterable<{ name: string; path: string; message: string; value: unknown; schema: TSchema }>) =>
  [...failures].map(({ name, path, message, value, schema }) => ({ name, path, message, value, schema }));

/** Both checks on each body: failures, worded problems and verdict alike (counted: the bodies TypeBox accepts). */
function agreeOn(schema: TSchema, bodies: unknown[]) {
  let valid = 0;
  for (const body of bodies) {
    const ours = comparable(failuresOf(schema, body));
    const theirs = comparable(typeboxFailures(schema, body));
    const passes = Check(schema, body);
    const same =
      ours.length === theirs.length &&
      ours.every((failure, i) => failure.schema === theirs[i]!.schema) &&
      Bun.deepEquals(ours, theirs, true) &&
      Bun.deepEquals(contractProblems(schema, body), schemaProblems(schema, body), true) &&
      (ours.length === 0) === passes;
    if (!same) {
      // Only now the detailed (slow) comparison, for a readable failure.
      expect({ failures: ours, problems: contractProblems(schema, body) }, JSON.stringify(body)).toEqual({
        failures: theirs,
        problems: schemaProblems(schema, body),
      });
      expect(
        ours.map((f, i) => f.schema === theirs[i]!.schema),
        `${JSON.stringify(body)}: the failing schemas`,
      ).not.toContain(false);
      expect(ours.length === 0, JSON.stringify(body)).toBe(passes);
    }
    if (passes) valid++;
  }
  return { valid, invalid: bodies.length - valid };
}

describe("contract-check agrees with TypeBox", () => {
  for (const [name, schema] of Object.entries(FORM_CONTRACTS)) {
    test(`${name}: inside the checked subset; same failures, problems and verdicts on valid and invalid bodies`, () => {
      expect(outsideSubset(schema as Node)).toBe("");
      const { valid, invalid } = agreeOn(schema, bodiesFor(schema as Node));
      expect(valid).toBeGreaterThan(0);
      expect(invalid).toBeGreaterThan(0);
    });
  }

  // A third of each schema's bodies (every third, so each kind of change still comes up): 74 schemas in ~2 s.
  test("every other exported contract schema inside the subset, on its samples", () => {
    let schemas = 0;
    for (const [module, exports] of Object.entries(CONTRACT_MODULES)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!isSchema(value) || Object.values(FORM_CONTRACTS).includes(value) || outsideSubset(value as Node)) continue;
        schemas++;
        const { invalid } = agreeOn(
          value,
          bodiesFor(value as Node).filter((_, i) => i % 3 === 0),
        );
        expect(invalid, `${module}.${name}`).toBeGreaterThan(0);
      }
    }
    expect(schemas).toBeGreaterThan(30);
  }, 30_000);

  test("a kind outside the subset throws rather than passing a value", () => {
    expect(() => failuresOf({ [Kind]: "Ref", $ref: "X" } as unknown as TSchema, 1)).toThrow(/unsupported schema kind Ref/);
  });
});
