// Entry files' kinds from their bytes (decision 019): a presentation is a ZIP archive whose entries say which
// (PowerPoint, Keynote, OpenDocument); any other archive is a plain ZIP; an MP4 is told by its `ftyp` box, and an
// HEIF image or QuickTime movie with the same box is not one. The names a file arrives under never count.
import { describe, expect, test } from "bun:test";
import { zip } from "../../../test/zip";
import { classifyZip, detectEntryHead, ENTRY_HEAD_BYTES, zipEntryNames } from "./file-kind";

const head = (bytes: Uint8Array) => detectEntryHead(bytes.subarray(0, ENTRY_HEAD_BYTES));
const kindOf = async (bytes: Uint8Array) => {
  const first = head(bytes);
  return first === "zip" || first === "odp" ? classifyZip(new Blob([new Uint8Array(bytes)]), first) : first;
};
const ftyp = (brand: string) => {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write("ftyp", 4, "latin1");
  box.write(brand, 8, "latin1");
  return new Uint8Array(box);
};

describe("entry file kinds from bytes", () => {
  test("PowerPoint, Keynote and OpenDocument presentations are told apart from a plain ZIP by their entries", async () => {
    const pptx = zip([
      ["[Content_Types].xml", "<Types/>"],
      ["_rels/.rels", "<Relationships/>"],
      ["ppt/presentation.xml", "<p:presentation/>"],
    ]);
    const odp = zip([
      ["mimetype", "application/vnd.oasis.opendocument.presentation"],
      ["content.xml", "<office:document-content/>"],
    ]);
    const keynote = zip([
      ["Index/Document.iwa", "x"],
      ["Metadata/Properties.plist", "y"],
    ]);
    const plain = zip([
      ["readme.txt", "hello"],
      ["src/main.py", "print(1)"],
    ]);
    // An OpenDocument text (not a presentation) is a plain archive here.
    const odt = zip([["mimetype", "application/vnd.oasis.opendocument.text"]]);
    expect(await zipEntryNames(new Blob([new Uint8Array(pptx)]))).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "ppt/presentation.xml",
    ]);
    expect(await kindOf(pptx)).toBe("pptx");
    expect(await kindOf(odp)).toBe("odp");
    expect(await kindOf(keynote)).toBe("key");
    expect(await kindOf(plain)).toBe("zip");
    expect(await kindOf(odt)).toBe("zip");
  });

  test("an MP4 by its ftyp box; HEIF, AVIF and QuickTime boxes are not videos; PDF and PNG as before", async () => {
    expect(head(ftyp("isom"))).toBe("mp4");
    expect(head(ftyp("mp42"))).toBe("mp4");
    for (const brand of ["heic", "mif1", "avif", "qt  "]) expect(head(ftyp(brand))).toBeNull();
    expect(head(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(head(new TextEncoder().encode("<html><script>"))).toBeNull();
  });
});
