import { describe, expect, test } from "bun:test";
import { checkProject, EMPTY_PROJECT_FORM, projectPayload, valuesFromProject } from "./project-form";

const filled = { ...EMPTY_PROJECT_FORM, title: "Quiet streets", description: "D", problem: "Noise", solution: "Walls" };

describe("admin project form", () => {
  test("an empty or blank form names each required field with the contract's message", () => {
    const expected = {
      title: "Title is required",
      description: "Description is required",
      problem: "Problem statement is required",
      solution: "Solution is required",
    };
    expect(checkProject(EMPTY_PROJECT_FORM)).toEqual(expected);
    expect(checkProject({ ...EMPTY_PROJECT_FORM, title: "  ", description: "\n", problem: " ", solution: "\t" })).toEqual(
      expected,
    );
    expect(checkProject(filled)).toEqual({});
  });

  test("image and white paper links must be uploads, site files or http(s) URLs", () => {
    expect(checkProject({ ...filled, imageUrl: "javascript:alert(1)", whitePaperUrl: "file:///etc/passwd" })).toEqual({
      imageUrl: "Image must be an uploaded image or an http(s) URL",
      whitePaperUrl: "White paper must be an uploaded file or an http(s) URL",
    });
    expect(checkProject({ ...filled, imageUrl: "/api/files/0123abcd.png", whitePaperUrl: "https://x.example/a.pdf" })).toEqual(
      {},
    );
  });

  test("blank optional fields go out as null; a stored project comes back unchanged", () => {
    expect(projectPayload(filled)).toMatchObject({ challengeId: null, insights: null, imageUrl: null, whitePaperUrl: null });
    const stored = {
      id: "p",
      challengeId: "c",
      title: "T",
      description: "D",
      problem: "P",
      solution: "S",
      insights: null,
      imageUrl: "/api/files/a.png",
      whitePaperUrl: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const { id, createdAt, ...input } = stored;
    expect(projectPayload(valuesFromProject(stored))).toEqual(input);
  });
});
