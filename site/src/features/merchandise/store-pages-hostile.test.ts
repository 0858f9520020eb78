// The store pages (/merchandise, /merchandise/{id}) and the test payment page through the built site against hostile URLs: ids that are only control characters or spaces or smuggle a path, tampered cursors and a script in payment_error — a 4xx with SPEC's texts, never 500, nothing reflected.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { createProductWithVariants } from "../../../../api/test/factories";
import { loadAstroApp, startServer } from "../../../../server/front";

let server: Server<undefined>;
let base: string;
let productId: string;

beforeAll(async () => {
  productId = (await createProductWithVariants()).id;
  server = startServer({ port: 0, hostname: "127.0.0.1", astro: await loadAstroApp() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, html: await res.text() };
};

describe("hostile store URLs", () => {
  // The typed client put the raw id in the API path, where the URL parser drops a trailing control character or
  // space: "/api/merchandise/%00" became the product list, which the page then rendered as a product (500).
  for (const id of ["%00", "%20", "%09", "%0A", "%0D%0A", "%C2%A0"]) {
    test(`/merchandise/${id} answers 404 'Product not found'`, async () => {
      const { status, html } = await get(`/merchandise/${id}`);
      expect(status).toBe(404);
      expect(html).toContain("Product not found");
      expect(html).toContain("Back to Store");
    });
  }

  test("a product id with a path in it stays one path segment (no other API route answers)", async () => {
    for (const id of ["..%2F..%2Fpayments%2Fstatus", "%3F", "%23", `${productId}%2F`]) {
      const { status, html } = await get(`/merchandise/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain("Product not found");
    }
  });

  test("a tampered page cursor is the visitor's error: 400 with SPEC's error text, not 200 and not 500", async () => {
    for (const cursor of ["%00", "abc", "eyJ4IjoxfQ", "%E2%80%AE"]) {
      const { status, html } = await get(`/merchandise?cursor=${cursor}`);
      expect(status, cursor).toBe(400);
      expect(html).toContain("Failed to load merchandise. Please try again later.");
    }
  });

  test("a script or markup in the return parameters is never reflected", async () => {
    for (const path of [
      "/merchandise?payment_error=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "/merchandise?success=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      `/merchandise/${productId}?payment_error=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`,
    ]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("onerror=alert");
    }
  });

  test("the test payment page: ids that are not a session's, or smuggle a path, answer 404 and never 500", async () => {
    for (const id of [
      "%00",
      "%20",
      "%0A",
      "cs_test_local_000000000000000000000000%2Fpay",
      "..%2F..%2Fmerchandise",
      "%3Cscript%3E",
    ]) {
      const { status, html } = await get(`/payments/test/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain("Page not found");
      expect(html).not.toContain("<script>alert");
    }
  });
});
