// /sitemap.xml from the database (through GET /api/sitemap) plus the site's static pages. Account, admin and
// token pages are left out on purpose: robots.txt keeps crawlers away from them.
import type { APIRoute } from "astro";
import { serverApi } from "../lib/api.server";

const STATIC_PAGES = ["/", "/challenges", "/projects", "/resources", "/merchandise", "/contact", "/privacy", "/terms"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export const GET: APIRoute = async (context) => {
  const res = await serverApi(context).sitemap.get();
  if (res.error || !res.data) return new Response("Sitemap unavailable", { status: 503, headers: { "retry-after": "60" } });
  const url = (path: string) => escapeXml(new URL(path, context.url).toString());
  const entries = [
    ...STATIC_PAGES.map((path) => `  <url><loc>${url(path)}</loc></url>`),
    ...res.data.map((e) => `  <url><loc>${url(e.path)}</loc><lastmod>${e.lastModified}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
};
