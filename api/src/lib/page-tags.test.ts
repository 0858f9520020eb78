// Which writes drop kept pages: a judging round's open, close and publication change its challenge's page (People's
// vote, Published results); a member's ballot does not (the tally appears only after the close), so the busiest
// write of a public vote leaves the cache alone.
import { expect, test } from "bun:test";
import { tagsChangedBy } from "./page-tags";

test("round writes drop the challenge pages; reads and ballots do not", () => {
  for (const step of ["open", "close", "publish"])
    expect(tagsChangedBy("POST", `/api/rounds/r1/${step}`)).toEqual(["challenges"]);
  expect(tagsChangedBy("PATCH", "/api/rounds/r1")).toEqual(["challenges"]);
  expect(tagsChangedBy("POST", "/api/challenges/c1/awards/publish")).toEqual(["challenges"]);
  expect(tagsChangedBy("PATCH", "/api/awards/a1")).toEqual(["challenges"]);
  expect(tagsChangedBy("DELETE", "/api/awards/a1")).toEqual(["challenges"]);
  expect(tagsChangedBy("PUT", "/api/rounds/r1/votes")).toEqual([]);
  expect(tagsChangedBy("GET", "/api/rounds/r1/ballot")).toEqual([]);
  expect(tagsChangedBy("POST", "/api/roundsx")).toEqual([]);
});
