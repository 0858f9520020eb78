// The review list rendered to HTML from a filled query cache: actions and the note field only for PENDING ones,
// never for the reviewer's own application.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReviewApplication } from "@api/modules/applications/schema";
import { ApplicationsReviewList } from "./ApplicationsReview";
import { applicationsKey } from "./applications.queries";

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

function render(applications: ReviewApplication[]) {
  const client = new QueryClient();
  client.setQueryData(applicationsKey("c1"), applications);
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
});
