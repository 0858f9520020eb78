// Choosing a Content-Encoding from Accept-Encoding, and compressing per-request answers only when it helps.
import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  MIN_COMPRESS_BYTES,
  compressResponse,
  negotiateEncoding,
  rememberedAnswers,
  respondCompressed,
  varyOnAcceptEncoding,
} from "./compress";

const BOTH = ["br", "gzip"] as const;

describe("negotiateEncoding", () => {
  test("takes our preferred coding among those the client accepts equally", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd", BOTH)).toBe("br"); // what Chromium sends
    expect(negotiateEncoding("gzip, deflate, br, zstd", ["gzip", "br"])).toBe("gzip");
    expect(negotiateEncoding("*", BOTH)).toBe("br");
  });

  test("sends gzip to a client without brotli, and nothing compressed to one that accepts neither", () => {
    expect(negotiateEncoding("gzip, deflate", BOTH)).toBe("gzip");
    expect(negotiateEncoding("x-gzip", BOTH)).toBe("gzip");
    expect(negotiateEncoding("deflate", BOTH)).toBeUndefined();
    expect(negotiateEncoding("identity", BOTH)).toBeUndefined();
    expect(negotiateEncoding("", BOTH)).toBeUndefined();
    expect(negotiateEncoding(null, BOTH)).toBeUndefined();
  });

  test("q=0 refuses a coding, also one `*` would allow", () => {
    expect(negotiateEncoding("br;q=0, gzip", BOTH)).toBe("gzip");
    expect(negotiateEncoding("BR; Q=0.0, *", BOTH)).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0", BOTH)).toBeUndefined();
    expect(negotiateEncoding("*;q=0", BOTH)).toBeUndefined();
  });

  test("the client's higher q-value wins over our preference; an unreadable one counts as a refusal", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8", BOTH)).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.2, *;q=0.9", BOTH)).toBe("br");
    expect(negotiateEncoding("br;q=high, gzip;q=0.1", BOTH)).toBe("gzip");
  });

  test("offers only what is available", () => {
    expect(negotiateEncoding("br", ["gzip"])).toBeUndefined();
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });
});

test("Vary gains Accept-Encoding once, next to what it already names", () => {
  const headers = new Headers({ vary: "Origin" });
  varyOnAcceptEncoding(headers);
  varyOnAcceptEncoding(headers);
  expect(headers.get("vary")).toBe("Origin, Accept-Encoding");
  const star = new Headers({ vary: "*" });
  varyOnAcceptEncoding(star);
  expect(star.get("vary")).toBe("*");
});

describe("compressing an answer", () => {
  const big = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Challenge ${i}`, status: "ACTIVE" })));
  const request = (acceptEncoding?: string, method = "GET") =>
    new Request("http://localhost/api/challenges", {
      method,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
  const json = (body: string, init: ResponseInit = {}) =>
    new Response(body, { ...init, headers: { "content-type": "application/json", ...(init.headers as object) } });

  test("a large JSON body is gzipped for a browser, keeping status, type and cookies, and decompresses to the same", async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(MIN_COMPRESS_BYTES);
    const original = new Response(big, {
      status: 201,
      headers: [
        ["content-type", "application/json"],
        ["set-cookie", "a=1"],
        ["set-cookie", "b=2"],
      ],
    });
    const res = await compressResponse(request("gzip, deflate, br, zstd"), original);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(big) / 2);
    expect(gunzipSync(bytes).toString()).toBe(big);
  });

  test("an anonymous answer's compressed bytes are remembered for the same body; never a signed-in one's", async () => {
    const body = (tag: string) => JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: i, tag })));
    const first = body(`a-${crypto.randomUUID()}`);
    const before = rememberedAnswers();
    const send = async (text: string, headers: Record<string, string> = {}, answerHeaders: Record<string, string> = {}) => {
      const req = new Request("http://localhost/api/challenges", { headers: { "accept-encoding": "gzip", ...headers } });
      const res = await compressResponse(req, json(text, { headers: answerHeaders }));
      expect(res.headers.get("content-encoding")).toBe("gzip");
      return gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    };
    expect(await send(first)).toBe(first);
    expect(rememberedAnswers()).toBe(before + 1);
    expect(await send(first)).toBe(first); // the remembered bytes, the same body
    expect(rememberedAnswers()).toBe(before + 1);
    const second = body(`b-${crypto.randomUUID()}`);
    expect(await send(second)).toBe(second); // another body is never answered with the first one's bytes
    expect(rememberedAnswers()).toBe(before + 2);
    // With a cookie or credentials, or setting a cookie: compressed as before, not remembered.
    expect(await send(body("c"), { cookie: "sid=1" })).toBe(body("c"));
    expect(await send(body("d"), { authorization: "Bearer x" })).toBe(body("d"));
    expect(await send(body("e"), {}, { "set-cookie": "a=1" })).toBe(body("e"));
    expect(rememberedAnswers()).toBe(before + 2);
    // Bounded: many different bodies never grow it past its size.
    for (let i = 0; i < 200; i++) await send(body(`f-${i}`));
    expect(rememberedAnswers()).toBeLessThanOrEqual(64);
  });

  test("brotli when that is all the client takes", async () => {
    const res = await compressResponse(request("br"), json(big));
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
  });

  test("sent as it is, still varying, when the client accepts no coding we have", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await compressResponse(request(accept), json(big));
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(big);
    }
  });

  test("a small body goes out as it is", async () => {
    const res = await compressResponse(request("gzip, br"), json(JSON.stringify({ status: "ok" })));
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull(); // it would be the same for every client
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("already encoded, bodiless, binary, streamed and HEAD answers are passed through unread", async () => {
    const untouched: [Request, Response][] = [
      [request("gzip"), json(big, { headers: { "content-encoding": "br" } })],
      [request("gzip"), new Response(null, { status: 204 })],
      [request("gzip"), new Response(null, { status: 304, headers: { "content-type": "text/html" } })],
      [request("gzip"), new Response(big, { headers: { "content-type": "image/png" } })],
      [request("gzip"), new Response(big, { headers: { "content-type": "text/event-stream" } })],
      [request("gzip"), new Response(big, { headers: { "content-type": "text/plain", "transfer-encoding": "chunked" } })],
      [request("gzip", "HEAD"), json(big)],
    ];
    for (const [req, original] of untouched) {
      expect(await compressResponse(req, original)).toBe(original);
      expect(original.bodyUsed).toBe(false);
    }
  });

  test("a page already in hand as text is compressed the same way; a small one goes out as it is", async () => {
    const html = `<!doctype html><title>t</title>${"<p>A paragraph of the page.</p>".repeat(100)}`;
    const page = respondCompressed(request("gzip"), html, { status: 404, headers: new Headers({ "content-type": "text/html" }) });
    expect(page.status).toBe(404);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(html);

    const small = respondCompressed(request("gzip"), "<p>hi</p>", {
      status: 200,
      headers: new Headers({ "content-type": "text/html" }),
    });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBeNull();
    expect(await small.text()).toBe("<p>hi</p>");
  });
});
