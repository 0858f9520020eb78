import { describe, expect, test } from "bun:test";
import { anomalyFlags, networkOf, type VoteForFlags } from "./anomalies";

const opened = new Date("2026-11-01T10:00:00Z");
const at = (minutes: number) => new Date(opened.getTime() + minutes * 60_000);
const vote = (id: string, over: Partial<VoteForFlags> = {}): VoteForFlags => ({
  id,
  voterId: `voter-${id}`,
  submissionId: "s1",
  network: "203.0.113.0/24",
  createdAt: at(1),
  voterCreatedAt: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

describe("networkOf", () => {
  test("keeps the /24 of IPv4 and the /64 of IPv6, never the address", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("unknown")).toBe("unknown");
  });
});

describe("anomalyFlags", () => {
  test("five votes from one /24 within ten minutes are flagged; spread out over an hour they are not", () => {
    const burst = [0, 1, 2, 3, 4].map((i) => vote(`b${i}`, { voterId: `v${i}`, createdAt: at(1 + i) }));
    expect(anomalyFlags(burst, opened)).toEqual([
      { kind: "NETWORK", key: "203.0.113.0/24", voteIds: ["b0", "b1", "b2", "b3", "b4"] },
    ]);
    const spread = [0, 1, 2, 3, 4].map((i) => vote(`s${i}`, { createdAt: at(1 + i * 15) }));
    expect(anomalyFlags(spread, opened)).toEqual([]);
  });

  test("votes from accounts created after the round opened are flagged", () => {
    const flags = anomalyFlags([vote("old"), vote("new", { voterCreatedAt: at(0.5), network: "198.51.100.0/24" })], opened);
    expect(flags).toEqual([{ kind: "NEW_ACCOUNT", key: "created after the round opened", voteIds: ["new"] }]);
  });

  test("twenty votes for one entry within a minute are a burst", () => {
    const votes = Array.from({ length: 20 }, (_, i) =>
      vote(`x${i}`, { network: `10.0.${i}.0/24`, createdAt: new Date(at(2).getTime() + i * 1000) }),
    );
    const flags = anomalyFlags(votes, opened);
    expect(flags.map((f) => f.kind)).toEqual(["BURST"]);
    expect(flags[0]?.voteIds).toHaveLength(20);
  });
});
