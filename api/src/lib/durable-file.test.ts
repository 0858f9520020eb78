// Durable writes (decision 007, "Durable local writes"): a file appears whole under its name or not at all — nothing
// but the finished file is left after a write, a source failing mid-write leaves neither the file nor its temporary,
// and a file being replaced keeps its old content until the new one is complete.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { isTemporaryFileName, temporaryPathFor, writeFileDurably } from "./durable-file";

const root = mkdtempSync(join(tmpdir(), "durable-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const freshDir = () => mkdtempSync(join(root, "dir-"));

/** A stream that hands out `chunks` and then fails, as a dropped connection or a broken source would. */
function failingAfter(chunks: Uint8Array[]) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.error(new Error("the source broke mid-write"));
    },
  });
}
const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeFileDurably", () => {
  test("bytes, a Blob or a stream: afterwards the directory holds the file and nothing else", async () => {
    const dir = freshDir();
    await writeFileDurably(join(dir, "a.txt"), bytes("from bytes"));
    await writeFileDurably(join(dir, "b.txt"), new Blob(["from a blob"]));
    await writeFileDurably(join(dir, "c.txt"), new Response("from a stream").body!);
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect(readFileSync(join(dir, "c.txt"), "utf8")).toBe("from a stream");
  });

  test("a source that fails mid-write leaves no file under the name and no temporary file", async () => {
    const dir = freshDir();
    const path = join(dir, "cut.eml");
    const big = new Uint8Array(256 * 1024).fill(0x61);
    await expect(writeFileDurably(path, failingAfter([big, big]))).rejects.toThrow("the source broke mid-write");
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a file being replaced keeps its old content until the new one is whole", async () => {
    const dir = freshDir();
    const path = join(dir, "kept.txt");
    await writeFileDurably(path, bytes("old, complete"));
    await expect(writeFileDurably(path, failingAfter([bytes("new, but cut")]))).rejects.toThrow();
    expect(readFileSync(path, "utf8")).toBe("old, complete");
    expect(readdirSync(dir)).toEqual(["kept.txt"]);
  });

  test("temporary names are hidden, beside the file, unique, and recognised; finished names are not", () => {
    const path = join(root, "2026-11-26T10-00-00-000Z-1a2b3c4d.eml");
    const [one, two] = [temporaryPathFor(path), temporaryPathFor(path)];
    expect(one).not.toBe(two);
    expect(basename(one)).toStartWith(".");
    expect(isTemporaryFileName(basename(one))).toBe(true);
    for (const name of [basename(path), "0123456789abcdef0123456789abcdef.png", ".gitkeep", "a.tmp-0123456789ab"])
      expect(isTemporaryFileName(name)).toBe(false);
    writeFileSync(one, "left by a crash"); // what a crash mid-write leaves: the listing code skips it
    expect(readdirSync(root).filter((name) => !isTemporaryFileName(name))).not.toContain(basename(one));
  });
});
