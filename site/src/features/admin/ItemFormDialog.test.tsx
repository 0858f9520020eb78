// The content item dialogs (challenge, project, resource) rendered to HTML: SPEC §2's titles and submit labels, worded
// once by ItemFormDialog from each kind's noun, and an edit dialog starting from the item's values.
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import type { Challenge } from "@api/modules/challenges/schema";
import type { Project } from "@api/modules/projects/schema";
import type { Resource } from "@api/modules/resources/schema";
import ChallengeFormDialog from "../challenges/ChallengeFormDialog";
import ProjectFormDialog from "../projects/ProjectFormDialog";
import ResourceFormDialog from "../resources/ResourceFormDialog";

const noop = async () => undefined;
// React marks text boundaries with empty comments; drop them to read the text.
const html = (node: React.ReactNode) => renderToString(node).replaceAll("<!-- -->", "");
const heading = (page: string) => page.match(/<h2 [^>]*>([^<]*)<\/h2>/)?.[1];
const submit = (page: string) => page.match(/<button type="submit" class="btn btn-primary[^"]*"[^>]*>([^<]*)<\/button>/)?.[1];

const project = {
  id: "p1",
  title: "Repair kits",
  description: "Kits",
  problem: "Waste",
  solution: "Fixing",
  insights: null,
  challengeId: null,
  imageUrl: null,
  whitePaperUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
} as unknown as Project;
const resource = {
  id: "r1",
  title: "Canvas",
  description: "A canvas",
  type: "TOOL",
  accessLevel: "FREE",
  projectId: null,
  fileUrl: null,
  imageUrl: null,
  oneTimePrice: null,
  monthlyPrice: null,
  draft: true,
} as unknown as Resource;
const challenge = {
  id: "c1",
  title: "Food rescue",
  description: "Less waste",
  fullDescription: null,
  status: "DRAFT",
  startDate: "2027-01-01T00:00:00.000Z",
  endDate: null,
  imageUrl: null,
  requirements: [],
  outcomes: [],
  timeline: null,
  participantCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
} as unknown as Challenge;

describe("ItemFormDialog", () => {
  test("creating: 'Create <kind>' as title and button", () => {
    for (const [page, kind] of [
      [html(<ProjectFormDialog challenges={[]} onSave={noop} onClose={() => {}} />), "Project"],
      [html(<ResourceFormDialog projects={[]} onSave={noop} onClose={() => {}} />), "Resource"],
      [html(<ChallengeFormDialog onSave={noop} onClose={() => {}} />), "Challenge"],
    ] as const) {
      expect(heading(page)).toBe(`Create ${kind}`);
      expect(submit(page)).toBe(`Create ${kind}`);
    }
  });

  test("editing: 'Edit <kind>', the kind's update label, and the item's values", () => {
    const projectPage = html(<ProjectFormDialog project={project} challenges={[]} onSave={noop} onClose={() => {}} />);
    expect([heading(projectPage), submit(projectPage)]).toEqual(["Edit Project", "Save Changes"]);
    expect(projectPage).toContain('value="Repair kits"');
    const resourcePage = html(<ResourceFormDialog resource={resource} projects={[]} onSave={noop} onClose={() => {}} />);
    expect([heading(resourcePage), submit(resourcePage)]).toEqual(["Edit Resource", "Update Resource"]);
    expect(resourcePage).toContain("Draft (hidden from the Resource Library)");
    const challengePage = html(<ChallengeFormDialog challenge={challenge} onSave={noop} onClose={() => {}} />);
    expect([heading(challengePage), submit(challengePage)]).toEqual(["Edit Challenge", "Update Challenge"]);
    expect(challengePage).toContain('value="Food rescue"');
  });
});
