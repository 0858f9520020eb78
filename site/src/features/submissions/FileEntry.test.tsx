// A FILE deliverable's entry as the workspace first renders it: what it accepts and up to what size, the team's file
// with its size and SHA-256, downloaded through the API's signed-link route (never a storage path).
import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { Deliverable } from "@api/modules/deliverables/schema";
import FileEntry from "./FileEntry";

const deliverable: Deliverable = {
  id: "d1",
  challengeId: "c1",
  position: 1,
  title: "Deck",
  guidance: null,
  kind: "FILE",
  required: true,
  dueAt: null,
  acceptedKinds: ["pdf", "presentation"],
  maxBytes: 25 * 1024 * 1024,
  hidden: false,
};
const html = (props: Partial<Parameters<typeof FileEntry>[0]>) =>
  renderToStaticMarkup(
    <FileEntry
      challengeId="c1"
      deliverable={deliverable}
      entry={undefined}
      open
      onSaved={() => {}}
      onChanged={() => {}}
      {...props}
    />,
  ).replaceAll("<!-- -->", "");

describe("FileEntry", () => {
  test("says what it accepts and up to what size; the picker's filter follows the accepted kinds", () => {
    const out = html({});
    expect(out).toContain("Accepted: PDF, Presentation (PowerPoint, Keynote, ODP) · up to 25 MB");
    expect(out).toContain('accept=".pdf,application/pdf,.pptx,.key,.odp"');
    expect(out).toContain("No file yet.");
  });

  test("the team's file: its name links to the signed-link route, with its size and SHA-256", () => {
    const sha = "a".repeat(64);
    const out = html({
      entry: {
        deliverableId: "d1",
        url: null,
        text: null,
        file: { name: "Our deck.pptx", type: "application/zip", bytes: 1536, sha256: sha },
        revision: 2,
        updatedAt: "2026-11-28T10:00:00.000Z",
        updatedBy: "amara",
      },
    });
    expect(out).toContain(
      '<a class="link" href="/api/challenges/c1/submission/items/d1/file" rel="noreferrer">Our deck.pptx</a> (2 KB)',
    );
    expect(out).toContain(`SHA-256 ${sha}`);
    expect(out).toContain("Replace the file");
  });

  test("after the deadline the file shows but no upload is offered", () => {
    expect(html({ open: false })).not.toContain('type="file"');
  });
});
