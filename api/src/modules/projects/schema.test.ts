// The admin project form's rules from the contract (SPEC §5): required fields, URL kinds, and the white paper's
// PDF-only, under-10MB checks with their exact messages.
import { describe, expect, test } from "bun:test";
import { schemaProblems } from "../../lib/typebox";
import { isFileUrl, ProjectInputSchema, whitePaperProblem, WHITE_PAPER_MAX_BYTES } from "./schema";

/** Field → message, as the site's form kit (checkForm) and the API's error plugin read the contract. */
const projectFormErrors = (body: unknown) =>
  Object.fromEntries(schemaProblems(ProjectInputSchema, body).map((p) => [p.field, p.message]));

const valid = { title: "T", description: "D", problem: "P", solution: "S" };

describe("ProjectInputSchema messages", () => {
  test("title, description, problem and solution are required (blank counts as missing)", () => {
    expect(projectFormErrors(valid)).toEqual({});
    expect(projectFormErrors({ title: " ", description: "", problem: "\n", solution: "" })).toEqual({
      title: "Title is required",
      description: "Description is required",
      problem: "Problem statement is required",
      solution: "Solution is required",
    });
  });

  test("image and white paper URLs are uploads, site files or http(s) links", () => {
    for (const url of [
      "/api/files/0123abcd.pdf",
      "/files/white-papers/a.pdf",
      "/images/demo/chart.svg",
      "https://x.example/a.pdf",
      "http://localhost:4321/api/files/a.png",
    ]) {
      expect(isFileUrl(url)).toBe(true);
    }
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example/a",
      "/api/files/../secret",
      "ftp://x/a.pdf",
      "/admin",
    ]) {
      expect(isFileUrl(url)).toBe(false);
    }
    expect(projectFormErrors({ ...valid, imageUrl: "javascript:1", whitePaperUrl: "file:///etc/passwd" })).toEqual({
      imageUrl: "Image must be an uploaded image or an http(s) URL",
      whitePaperUrl: "White paper must be an uploaded file or an http(s) URL",
    });
  });
});

describe("whitePaperProblem", () => {
  test("only PDFs: 'Invalid file type' / 'Please upload a PDF file'", () => {
    expect(whitePaperProblem({ type: "image/png", name: "a.png", size: 10 })).toEqual({
      title: "Invalid file type",
      description: "Please upload a PDF file",
    });
    expect(whitePaperProblem({ type: "application/pdf", name: "a.pdf", size: 10 })).toBeNull();
    expect(whitePaperProblem({ type: "", name: "paper.PDF", size: 10 })).toBeNull();
  });

  test("under 10MB: 'File too large' / 'White paper must be less than 10MB'", () => {
    expect(whitePaperProblem({ type: "application/pdf", name: "a.pdf", size: WHITE_PAPER_MAX_BYTES })).toEqual({
      title: "File too large",
      description: "White paper must be less than 10MB",
    });
    expect(whitePaperProblem({ type: "application/pdf", name: "a.pdf", size: WHITE_PAPER_MAX_BYTES - 1 })).toBeNull();
  });
});
