// The HTML the Bun front serves, one page of every kind: valid for the W3C Nu checker (vnu-jar) and no word run into
// an inline element ("see ourPrivacy Policy") — what Astro's whitespace handling and our compression step produce.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "bun";
import { builtAstroApp } from "../api/test/served-site";
import { startServer } from "./front";
import { createChallenge, createMerchandise, createProject, createUser } from "../api/test/factories";
import { db } from "../api/src/db/client";
import { createSession, SESSION_COOKIE } from "../api/src/modules/auth/sessions";

const VNU_JAR = join(import.meta.dir, "../node_modules/vnu-jar/build/dist/vnu.jar");

let server: Server<undefined>;
let base: string;
let adminCookie: string;
const pages = new Map<string, string>();

beforeAll(async () => {
  const challenge = await createChallenge({
    requirements: ["Designers", "Engineers"],
    outcomes: ["A pilot"],
    endDate: new Date("2027-03-01T00:00:00Z"),
  });
  const project = await createProject({ challengeId: challenge.id, insights: "What we learned" });
  const resource = await (await db()).resource.create({
    data: { title: "Served HTML kit", description: "d", type: "TOOL", fileUrl: "/files/kit.pdf" },
  });
  // A payment, so /admin/invoices renders its table (with a Stripe link), not the empty state.
  await (await db()).order.create({
    data: {
      orderType: "RESOURCE_ONETIME",
      resourceId: resource.id,
      customerEmail: "buyer@example.com",
      customerName: "Served Buyer",
      amount: "29.00",
      status: "COMPLETED",
      stripePaymentId: `pi_served_html_${resource.id}`,
    },
  });
  // A product whose description carries (sanitized) markup, rendered as stored.
  const product = await createMerchandise({
    description: "<p>Soft <strong>organic</strong> cotton.</p><ul><li>Printed on demand</li></ul>",
  });
  const admin = await createUser({ role: "ADMIN" });
  adminCookie = `${SESSION_COOKIE}=${(await createSession(admin.id)).token}`;
  // A store order of the admin's own, shipped and delivered, so /subscriptions renders its order card with the steps.
  await (await db()).order.create({
    data: {
      orderType: "MERCHANDISE",
      userId: admin.id,
      merchandiseId: product.id,
      variantTitle: "Black / S",
      quantity: 2,
      customerEmail: admin.email,
      amount: "40.00",
      status: "COMPLETED",
      shipments: [
        {
          carrier: "UPS",
          number: "1Z999AA10123456784",
          url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
          deliveredAt: "2026-11-02 14:05:00+00:00",
        },
      ],
      trackingNumber: "ADMIN-TYPED-1",
    },
  });
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await builtAstroApp() });
  base = `http://127.0.0.1:${server.port}`;

  const kinds: [string, string, string?][] = [
    ["home", "/"],
    ["challenges", "/challenges"],
    ["challenge", `/challenges/${challenge.id}`],
    ["projects", "/projects"],
    ["project", `/projects/${project.id}`],
    ["resources", "/resources"],
    ["resource", `/resources/${resource.id}`],
    ["merchandise", "/merchandise?success=true"],
    ["product", `/merchandise/${product.id}`],
    ["product-not-found", "/merchandise/00000000-0000-4000-8000-000000000000"],
    ["login", "/login"],
    ["register", "/register"],
    ["contact", "/contact"],
    ["privacy", "/privacy"],
    ["terms", "/terms"],
    ["not-found", "/no-such-page"],
    ["challenge-not-found", "/challenges/00000000-0000-4000-8000-000000000000"],
    ["admin", "/admin", adminCookie],
    // The list screens render their first page on the server (lib/query.tsx FirstPage).
    ["admin-challenges", "/admin/challenges", adminCookie],
    ["admin-projects", "/admin/projects", adminCookie],
    ["admin-resources", "/admin/resources", adminCookie],
    ["admin-users", "/admin/users", adminCookie],
    ["admin-invoices", "/admin/invoices", adminCookie],
    ["admin-operations", "/admin/operations", adminCookie],
    ["subscriptions", "/subscriptions", adminCookie],
  ];
  for (const [kind, path, cookie] of kinds) {
    // Compressed as a browser would get it: the check covers what server/compress.ts sends, decoded by fetch.
    const res = await fetch(`${base}${path}`, {
      redirect: "manual",
      headers: { "accept-encoding": "gzip, br", ...(cookie ? { cookie } : {}) },
    });
    expect([kind, res.status]).toEqual([kind, kind.endsWith("not-found") ? 404 : 200]);
    expect(res.headers.get("content-type") ?? "").toContain("text/html");
    pages.set(kind, await res.text());
  }
  expect(pages.get("admin-invoices")).toContain('data-testid="invoices"');
  expect(pages.get("subscriptions")).toContain('data-testid="store-orders"');
});
afterAll(() => server.stop(true));

/** Runs the Nu checker once over every page (one JVM start) and answers its errors per page kind. */
function nuErrors(): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = [...pages].map(([kind, html]) => {
      const file = join(dir, `${kind}.html`);
      writeFileSync(file, html);
      return file;
    });
    const run = Bun.spawnSync(["java", "-jar", VNU_JAR, "--format", "json", "--stdout", ...files]);
    // No output means no checker ran (no Java?): fail loudly rather than pass on nothing.
    if (!run.stdout.length) throw new Error(`vnu did not run: ${run.stderr.toString() || `exit ${run.exitCode}`}`);
    const { messages } = JSON.parse(run.stdout.toString()) as {
      messages: { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string }[];
    };
    const errors: Record<string, string[]> = {};
    for (const m of messages) {
      if (m.type !== "error" && m.type !== "non-document-error") continue;
      const kind = (m.url ?? "").replace(/^.*\//, "").replace(/\.html$/, "");
      errors[kind] = [...(errors[kind] ?? []), `${m.message} (line ${m.lastLine}: ${m.extract ?? ""})`];
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("served HTML", () => {
  test("the Nu HTML checker finds no error on any page kind", () => {
    expect(nuErrors()).toEqual({});
  }, 120_000);

  test("a word before or after an inline element keeps its space (every page kind)", () => {
    // A letter or digit touching an inline tag: "our<a", "</a>and". Inside the element the text is its own.
    const INLINE = "a|strong|em|code|b|i|time|abbr";
    const runIn = new RegExp(`[\\p{L}\\p{N}]<(?:${INLINE})\\b|</(?:${INLINE})>[\\p{L}\\p{N}]`, "gu");
    const found: Record<string, string[]> = {};
    for (const [kind, html] of pages) {
      const body = html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<style\b[\s\S]*?<\/style>/g, "");
      for (const match of body.matchAll(runIn)) {
        found[kind] = [...(found[kind] ?? []), body.slice(Math.max(0, match.index - 30), match.index + 30)];
      }
    }
    expect(found).toEqual({});
  });

  test("Contact, Privacy and Terms read 'see our Privacy Policy' and 'write to hello@…' with their spaces", () => {
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim();
    expect(text(pages.get("contact")!)).toContain("see our Privacy Policy.");
    expect(text(pages.get("privacy")!)).toMatch(/write to \S+@\S+\./);
    expect(text(pages.get("terms")!)).not.toMatch(/[a-z](Privacy Policy|contact page)/);
  });
});
