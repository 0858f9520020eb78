// The extensions a stored file can have, with the Content-Type each is served as: one table for the uploads module
// (which picks an upload's extension from its first bytes and names the copies it makes) and for storage (which
// serves a local file by its extension). A pure constant with no imports, so the site's image helpers can use it.

/** AVIF only ever names a copy the server made of an uploaded image (docs/decisions/016). */
export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  pdf: "application/pdf",
  // Only ever a team's private entry file (decision 019): never a public upload's name.
  zip: "application/zip",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odp: "application/vnd.oasis.opendocument.presentation",
  key: "application/vnd.apple.keynote",
  mp4: "video/mp4",
} as const;
