// The streaming ZIP writer (decision 019): what it writes opens in the system's unzip, byte for byte — empty
// archives, names in UTF-8, entries from streams — and past 65,535 entries the ZIP64 records take over.
import { afterAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ZipEntry, zipStream } from "./zip";

const dir = await mkdtemp(join(tmpdir(), "zip-test-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function written(entries: ZipEntry[] | AsyncIterable<ZipEntry>) {
  const file = join(dir, `${crypto.randomUUID()}.zip`);
  const source = Array.isArray(entries)
    ? (async function* () {
        yield* entries;
      })()
    : entries;
  const bytes = new Uint8Array(await new Response(zipStream(source)).arrayBuffer());
  await Bun.write(file, bytes);
  // A UTF-8 locale: unzip decodes names flagged UTF-8 (bit 11) through it.
  const run = (args: string[]) => Bun.spawnSync(["unzip", ...args, file], { env: { ...process.env, LC_ALL: "C.UTF-8" } });
  const check = run(["-tq"]);
  return {
    ok: check.exitCode === 0 && check.stdout.toString().includes("No errors detected"),
    bytes,
    names: () => run(["-Z1"]).stdout.toString().trim().split("\n").filter(Boolean),
    read: (name: string) =>
      new Uint8Array(Bun.spawnSync(["unzip", "-p", file, name], { env: { ...process.env, LC_ALL: "C.UTF-8" } }).stdout),
  };
}

test("strings, bytes and streams come back as written, under their UTF-8 names, in order", async () => {
  const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 256);
  const zip = await written([
    { name: "team-a/01-Story.md", body: "# Café\n" },
    { name: "team-a/02-Deck-Überblick.pdf", body: new Blob([big]).stream() },
    { name: "empty.txt", body: new Uint8Array(0) },
  ]);
  expect(zip.ok).toBe(true);
  expect(zip.names()).toEqual(["team-a/01-Story.md", "team-a/02-Deck-Überblick.pdf", "empty.txt"]);
  expect(new TextDecoder().decode(zip.read("team-a/01-Story.md"))).toBe("# Café\n");
  expect(zip.read("team-a/02-Deck-Überblick.pdf")).toEqual(big);
  expect(zip.read("empty.txt").length).toBe(0);
});

test("an archive without entries is the 22-byte end record alone", async () => {
  const zip = await written([]);
  expect(zip.bytes.length).toBe(22);
  expect([...zip.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x05, 0x06]);
  expect(zip.names()).toEqual(["Empty zipfile."]); // unzip's own words for it
});

test("70,000 entries (more than a classic ZIP counts) open through the ZIP64 records", async () => {
  const zip = await written(
    (async function* () {
      for (let i = 0; i < 70_000; i++) yield { name: `f${i}.txt`, body: `${i}` };
    })(),
  );
  expect(zip.ok).toBe(true);
  const names = zip.names();
  expect(names).toHaveLength(70_000);
  expect(names.at(-1)).toBe("f69999.txt");
  expect(new TextDecoder().decode(zip.read("f69999.txt"))).toBe("69999");
}, 60_000);
