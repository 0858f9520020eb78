// Operations rendered to HTML from a filled query cache: the Jobs tab first, Retry only on a failed job (a retrying one
// shows its next run instead), each job's error and redacted data, and the tab list's accessible names.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Job } from "@api/modules/operations/schema";
import { OperationsAdmin } from "./OperationsAdmin";

const base: Omit<Job, "id" | "state"> = {
  queue: "payments-receipt",
  retryCount: 0,
  retryLimit: 0,
  createdAt: "2026-11-25T10:00:00.000Z",
  startedAt: "2026-11-25T10:00:01.000Z",
  completedAt: null,
  nextRunAt: null,
  error: "connect ECONNREFUSED 127.0.0.1:587",
  data: "orderId: 5f3c2a1b",
};

function render(jobs: Job[]) {
  const client = new QueryClient();
  client.setQueryData(["operations", "jobs", "all"], {
    pages: [{ items: jobs, nextCursor: undefined }],
    pageParams: [undefined],
  });
  // React marks text boundaries with empty comments; drop them to read the text.
  return renderToString(
    <QueryClientProvider client={client}>
      <OperationsAdmin />
    </QueryClientProvider>,
  ).replaceAll("<!-- -->", "");
}

describe("OperationsAdmin: the Jobs tab", () => {
  test("Retry only on the failed job; errors, data and the next run shown", () => {
    const html = render([
      { ...base, id: "aaaaaaaa-0000-4000-8000-000000000001", state: "failed", completedAt: "2026-11-25T10:00:02.000Z" },
      {
        ...base,
        id: "bbbbbbbb-0000-4000-8000-000000000002",
        state: "retry",
        retryLimit: 30,
        nextRunAt: "2026-11-25T11:00:00.000Z",
      },
    ]);
    expect(html).toContain('role="tab" aria-selected="true"');
    expect(html.match(/>Retry</g)).toHaveLength(1);
    expect(html).toContain("job aaaaaaaa of payments-receipt");
    expect(html).toContain("Error: connect ECONNREFUSED 127.0.0.1:587");
    expect(html).toContain("orderId: 5f3c2a1b");
    expect(html).toContain("Nov 25, 2026 11:00 UTC");
    expect(html).toContain("1 of 31");
  });

  test("nothing failed: the empty text", () => {
    expect(render([])).toContain("No failed or retrying jobs.");
  });
});
