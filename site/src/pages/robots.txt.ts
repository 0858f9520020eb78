// robots.txt: crawl the public pages, skip account, admin and one-time token pages, find the sitemap.
import type { APIRoute } from "astro";

const PRIVATE = [
  "/api/",
  "/admin",
  "/profile",
  "/my-applications",
  "/dashboard",
  "/subscriptions",
  "/verify-email/",
  "/reset-password/",
  "/logout",
  "/payments/",
];

export const GET: APIRoute = ({ url }) =>
  new Response(
    ["User-agent: *", ...PRIVATE.map((p) => `Disallow: ${p}`), "", `Sitemap: ${new URL("/sitemap.xml", url)}`, ""].join("\n"),
    { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" } },
  );
