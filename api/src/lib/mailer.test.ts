// The mail adapter without SMTP: each message lands in the outbox as a real .eml with text and HTML parts, whole
// (lib/durable-file.ts).
import { describe, expect, spyOn, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { log } from "./logger";
import { createMailer } from "./mailer";

describe("outbox mailer", () => {
  test("writes an RFC 822 message with both parts into the outbox folder (created when missing)", async () => {
    const root = mkdtempSync(join(tmpdir(), "outbox-"));
    const dir = join(root, "nested/outbox");
    const mailer = createMailer({ from: "Platform <no-reply@example.com>", outboxDir: dir });
    await mailer.send({
      to: "ada@example.com",
      subject: "Hello there",
      text: "Plain body https://x.example/a",
      html: "<p>HTML body</p>",
      link: "https://x.example/a",
    });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1); // the message, and no temporary file beside it (written aside, then renamed)
    expect(files[0]).toMatch(/^[^.].*\.eml$/);
    const raw = readFileSync(join(dir, files[0]!), "utf8");
    expect(raw).toContain("To: ada@example.com");
    expect(raw).toContain("Subject: Hello there");
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    rmSync(root, { recursive: true, force: true });
  });

  test("logs the message's link for a developer, but never in production (a reset link is a password)", async () => {
    const root = mkdtempSync(join(tmpdir(), "outbox-"));
    const info = spyOn(log, "info");
    try {
      const mail = { to: "ada@example.com", subject: "Reset", text: "t", html: "<p>h</p>", link: "https://x.example/r/SECRET" };
      await createMailer({ from: "P <p@example.com>", outboxDir: root, logLinks: true }).send(mail);
      await createMailer({ from: "P <p@example.com>", outboxDir: root, logLinks: false }).send(mail);
      const [development, production] = info.mock.calls.map(([, fields]) => JSON.stringify(fields));
      expect(development).toContain("SECRET");
      expect(production).not.toContain("SECRET");
      expect(production).toContain(".eml"); // the file is named: whoever may read the outbox can open it
    } finally {
      info.mockRestore();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
