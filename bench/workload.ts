// A visitor's and a member's traffic, as the fault bench (bench/faults.ts) and its short test (server/faults.test.ts)
// drive it against a real server process: browse, search, sign in, register and apply, buy merchandise as a guest
// through the local test payment page. Each virtual visitor has its own cookies and its own address (the server runs
// with TRUST_PROXY, so per-address limits see many visitors, as in production).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Catalogue = {
  challenges: string[];
  product: { id: string; variantId: string; variantTitle: string };
};

let visitorSeq = 0;

/** One visitor: a cookie jar, an address, and JSON/page calls with the headers a browser sends. */
export class Visitor {
  readonly #cookies = new Map<string, string>();
  readonly ip = `10.${(visitorSeq >> 16) & 255}.${(visitorSeq >> 8) & 255}.${visitorSeq++ & 255}`;
  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      origin: this.base,
      "x-forwarded-for": this.ip,
      cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.#cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await this.call(method, path, body);
    const text = await res.text();
    return { status: res.status, data: (text ? JSON.parse(text) : null) as T };
  }
}

/** What the workload buys and applies to, read from the demo data through the public API. */
export async function readCatalogue(base: string): Promise<Catalogue> {
  const v = new Visitor(base);
  const challenges = (await v.json<{ id: string; status: string }[]>("GET", "/api/challenges?limit=50")).data
    .filter((c) => c.status === "ACTIVE")
    .map((c) => c.id);
  const [first] = (await v.json<{ id: string }[]>("GET", "/api/merchandise")).data;
  const detail = (
    await v.json<{ variants: { id: string; title: string; isEnabled: boolean; isAvailable: boolean }[] }>(
      "GET",
      `/api/merchandise/${first!.id}`,
    )
  ).data;
  const variant = detail.variants.find((x) => x.isEnabled && x.isAvailable)!;
  return { challenges, product: { id: first!.id, variantId: variant.id, variantTitle: variant.title } };
}

const ok = (status: number) => status >= 200 && status < 400;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** Pages and searches a visitor makes; answers whether every one was answered well. */
export async function browse(base: string, catalogue: Catalogue): Promise<boolean> {
  const v = new Visitor(base);
  const paths = ["/", "/challenges", `/challenges/${pick(catalogue.challenges)}`, "/merchandise", "/resources"];
  const searches = ["water", "energy", "school", "food", "city"].map((w) => `/api/challenges?search=${w}`);
  const statuses = await Promise.all(
    [pick(paths), pick(paths), pick(searches)].map(async (p) => {
      const res = await v.call("GET", p);
      await res.arrayBuffer();
      return res.status;
    }),
  );
  return statuses.every(ok);
}

/** The demo member signs in. */
export async function signIn(base: string): Promise<boolean> {
  const res = await new Visitor(base).call("POST", "/api/login", { usernameOrEmail: "member", password: "member-demo-1234" });
  await res.arrayBuffer();
  return ok(res.status);
}

export type Registered = { username: string; email: string; password: string };

/** A new member registers (a write and a verification e-mail); answers the account once the server acknowledged it. */
export async function register(base: string): Promise<{ visitor: Visitor; account: Registered } | null> {
  const visitor = new Visitor(base);
  const username = unique("soak");
  const account = { username, email: `${username}@example.com`, password: "soak-pass-12345" };
  const res = await visitor.call("POST", "/api/register", account);
  await res.arrayBuffer();
  return res.status === 201 || res.status === 200 ? { visitor, account } : null;
}

/** A new member registers and applies to an active challenge. */
export async function apply(base: string, catalogue: Catalogue): Promise<boolean> {
  const joined = await register(base);
  if (!joined) return false;
  const res = await joined.visitor.call("POST", `/api/challenges/${pick(catalogue.challenges)}/register`, {
    applicantName: "Soak Tester",
    company: "Bench Co",
    applicantEmail: joined.account.email,
    role: "Engineer",
    isEnterprise: true,
    interestDescription: "Measuring the platform under a steady load.",
  });
  await res.arrayBuffer();
  return ok(res.status);
}

/** A guest buys the product through the local test payment page; answers the buyer's e-mail once paid. */
export async function buy(base: string, catalogue: Catalogue): Promise<string | null> {
  const v = new Visitor(base);
  const email = `${unique("buyer")}@example.com`;
  const { product } = catalogue;
  const checkout = await v.json<{ url: string }>("POST", "/api/create-merchandise-checkout", {
    merchandiseId: product.id,
    variantId: product.variantId,
    variantTitle: product.variantTitle,
  });
  const id = checkout.data?.url?.match(/cs_test_local_[0-9a-f]{24}/)?.[0];
  if (checkout.status !== 200 || !id) return null;
  const paid = await v.call("POST", `/api/payments/test/${id}/pay`, {
    email,
    name: "Soak Buyer",
    line1: "1 Main St",
    city: "Springfield",
    postalCode: "62701",
    country: "US",
  });
  await paid.arrayBuffer();
  return paid.status === 200 ? email : null;
}

/**
 * Distinct messages in the outbox per recipient (the server writes .eml files there without SMTP). Distinct by
 * Message-ID, as a mail provider counts them: a job cut off between the relay's accept and its own record sends the
 * same message again with the same Message-ID (decision 011), which the provider drops.
 */
export function outboxByRecipient(dir: string): Map<string, number> {
  const ids = new Map<string, Set<string>>();
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".eml"));
  } catch {
    return new Map();
  }
  for (const name of names) {
    const mail = readFileSync(join(dir, name), "utf8");
    const to = /^To: (.+)$/im
      .exec(mail)?.[1]
      ?.trim()
      .replace(/^.*<(.+)>$/, "$1")
      .toLowerCase();
    const id = /^Message-ID: (.+)$/im.exec(mail)?.[1]?.trim() ?? name;
    if (to) ids.set(to, (ids.get(to) ?? new Set()).add(id));
  }
  return new Map([...ids].map(([to, set]) => [to, set.size]));
}

/** The admin's view of every merchandise order's buyer e-mail (all pages). */
export async function orderEmails(base: string): Promise<string[]> {
  const admin = new Visitor(base);
  const login = await admin.call("POST", "/api/login", { usernameOrEmail: "admin", password: "admin-demo-1234" });
  await login.arrayBuffer();
  const emails: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/orders?type=MERCHANDISE&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await admin.call("GET", query);
    emails.push(...((await res.json()) as { customerEmail: string }[]).map((o) => o.customerEmail.toLowerCase()));
    cursor = res.headers.get("x-next-cursor");
  } while (cursor);
  return emails;
}
