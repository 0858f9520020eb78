// The review list rendered to HTML from a filled query cache: actions and the note field only for PENDING ones,
// never for the reviewer's own application; the whole list's counts and Load more while there is a next page.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReviewApplication } from "@api/modules/applications/schema";
import { ApplicationsReviewList } from "./ApplicationsReview";
import { applicationsKey, type ReviewPage } from "./applications.queries";

const base: Omit<ReviewApplication, "id" | "status" | "applicantName"> = {
  challengeId: "c1",
  company: "Acme",
  applicantEmail: "a@example.com",
  role: "Engineer",
  interestDescription: "I want to help out.",
  isEnterprise: false,
  enterpriseExplanation: null,
  joinedAt: "2026-11-01T00:00:00.000Z",
  decidedAt: null,
  decisionNote: null,
  challenge: { id: "c1", title: "Clean Air", startDate: "2026-12-01T00:00:00.000Z" },
  isOwn: false,
};

function render(
  applications: ReviewApplication[],
  { total = applications.length, nextCursor = undefined as string | undefined } = {},
) {
  const client = new QueryClient();
  const pending = applications.filter((a) => a.status === "PENDING").length;
  const page: ReviewPage = { items: applications, nextCursor, total, pending };
  client.setQueryData(applicationsKey("c1"), { pages: [page], pageParams: [undefined] });
  // React marks text boundaries with empty comments; drop them to read the text.
  return renderToString(
    <QueryClientProvider client={client}>
      <ApplicationsReviewList challengeId="c1" challengeTitle="Clean Air" />
    </QueryClientProvider>,
  ).replaceAll("<!-- -->", "");
}

describe("ApplicationsReview", () => {
  test("approve / reject and the note only for the pending application", () => {
    const html = render([
      { ...base, id: "p", status: "PENDING", applicantName: "Pending Pat" },
      { ...base, id: "a", status: "ACTIVE", applicantName: "Approved Alex", decisionNote: "Welcome", isEnterprise: true },
    ]);
    expect(html.match(/>Approve</g)).toHaveLength(1);
    expect(html.match(/>Reject</g)).toHaveLength(1);
    expect(html.match(/Note to the applicant/g)).toHaveLength(1);
    expect(html).toContain("Pending Review");
    expect(html).toContain("Approved");
    expect(html).toContain("Enterprise Participant");
    expect(html).toContain("Note sent: Welcome");
    expect(html).toContain("2 applications, 1 pending review");
  });

  test("the reviewer's own pending application has no Approve / Reject, no note field, and says why", () => {
    const html = render([
      { ...base, id: "mine", status: "PENDING", applicantName: "Reviewer Rae", isOwn: true },
      { ...base, id: "theirs", status: "PENDING", applicantName: "Pending Pat" },
    ]);
    expect(html.match(/>Approve</g)).toHaveLength(1);
    expect(html.match(/>Reject</g)).toHaveLength(1);
    expect(html.match(/Note to the applicant/g)).toHaveLength(1);
    const own = html.slice(html.indexOf("Reviewer Rae"), html.indexOf("Pending Pat"));
    expect(own).toContain("This is your own application: another reviewer has to approve or reject it.");
    expect(own).not.toContain(">Approve<");
    expect(html).toContain("2 applications, 2 pending review");
  });

  test("an empty list says so", () => {
    expect(render([])).toContain("No applications yet.");
  });

  test("a longer list: the whole list's counts, the first page's items and Load more", () => {
    const html = render([{ ...base, id: "p", status: "PENDING", applicantName: "Pending Pat" }], {
      total: 45,
      nextCursor: "next",
    });
    expect(html).toContain("45 applications, 1 pending review");
    expect(html).toContain(">Load more<");
    expect(render([{ ...base, id: "p", status: "PENDING", applicantName: "Pending Pat" }])).not.toContain("Load more");
  });
});
