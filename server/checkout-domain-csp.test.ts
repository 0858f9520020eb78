// A custom Stripe Checkout domain reaches the served Content-Security-Policy (decision 010; decision 005): the
// real server, started with STRIPE_CHECKOUT_DOMAIN, lets the purchase forms be redirected there — form-action names it
// beside Stripe's own checkout origin, and nothing else is loosened.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerProcess, startServerProcess } from "../api/test/server-process";

let dir: string;
let server: ServerProcess | undefined;

// A server of its own on its own embedded database, whatever the suite's database is (docs/testing.md).
describe.skipIf(process.env.TEST_DATABASE === "postgres")("STRIPE_CHECKOUT_DOMAIN in the served policy", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "checkout-domain-"));
    server = await startServerProcess({
      apiOnly: false,
      env: {
        NODE_ENV: "development",
        DATABASE_URL: "",
        PGLITE_DATA_DIR: join(dir, "pglite"),
        MAIL_OUTBOX_DIR: join(dir, "outbox"),
        SMTP_URL: "",
        SEED_DEMO_DATA: "false",
        STRIPE_CHECKOUT_DOMAIN: "pay.example.com",
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("form-action allows the custom domain on the store's pages; the other directives are as before", async () => {
    for (const path of ["/", "/merchandise"]) {
      const policy = (await fetch(`${server!.url}${path}`)).headers.get("content-security-policy") ?? "";
      expect(policy).toContain("form-action 'self' https://checkout.stripe.com https://pay.example.com;");
      expect(policy).toContain("default-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });
});
