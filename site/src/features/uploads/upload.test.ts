// The admin file pickers' checks before any upload: each kind's limits from the uploads contract, in its words.
import { describe, expect, test } from "bun:test";
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES, UPLOAD_MESSAGES } from "@api/modules/uploads/schema";
import { uploadKindOf, uploadProblem } from "./upload";

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe("uploadProblem", () => {
  test("a resource's file (PDF or image) is held to the size limit of what it is", () => {
    expect(uploadProblem(file("a.pdf", "application/pdf", PDF_MAX_BYTES), "file")).toBeNull();
    expect(uploadProblem(file("a.pdf", "application/pdf", PDF_MAX_BYTES + 1), "file")).toEqual({
      title: "Failed to upload file",
      description: UPLOAD_MESSAGES.pdfTooLarge,
    });
    expect(uploadProblem(file("a.png", "image/png", IMAGE_MAX_BYTES), "file")).toBeNull();
    expect(uploadProblem(file("a.png", "image/png", IMAGE_MAX_BYTES + 1), "file")?.description).toBe(
      UPLOAD_MESSAGES.imageTooLarge,
    );
    expect(uploadKindOf(file("a.png", "image/png", 1), "file")).toBe("image");
    expect(uploadKindOf(file("a.pdf", "application/pdf", 1), "file")).toBe("pdf");
  });

  test("an image picker takes the four image types up to 5MB, with SPEC §8's title", () => {
    expect(uploadProblem(file("a.webp", "image/webp", 10), "image")).toBeNull();
    expect(uploadProblem(file("a.svg", "image/svg+xml", 10), "image")).toEqual({
      title: "Failed to upload image",
      description: UPLOAD_MESSAGES.notAnImage,
    });
    expect(uploadProblem(file("a.jpg", "image/jpeg", IMAGE_MAX_BYTES + 1), "image")?.description).toBe(
      UPLOAD_MESSAGES.imageTooLarge,
    );
  });

  test("a PDF picker refuses other types and empty files before sending them", () => {
    expect(uploadProblem(file("a.txt", "text/plain", 10), "pdf")?.description).toBe(UPLOAD_MESSAGES.notAPdf);
    expect(uploadProblem(file("a.pdf", "", 10), "pdf")).toBeNull();
    expect(uploadProblem(file("a.pdf", "application/pdf", 0), "pdf")?.description).toBe(UPLOAD_MESSAGES.emptyFile);
  });
});
