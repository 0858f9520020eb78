// How a deliverable's numbers read on screen.

/** A size limit in whole megabytes when it is one ("25 MB"), else kilobytes ("512 KB"). */
export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
