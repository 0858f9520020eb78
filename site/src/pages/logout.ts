// POST /logout: the header's Log out button (a plain form, so it works before or without JavaScript). Ends the
// session on the server and lands on / whether or not that call succeeded (SPEC §4); Astro refuses cross-site
// POSTs here (security.checkOrigin), so no other site can sign a visitor out.
import type { APIRoute } from "astro";
import { forwardCookies, serverApi } from "../lib/api.server";

export const POST: APIRoute = async (context) => {
  const headers = new Headers({ location: "/", "cache-control": "no-store" });
  try {
    const { response } = await serverApi(context).logout.post();
    forwardCookies(response, headers);
  } catch (error) {
    console.error("Logout failed", error); // SPEC §8: logged only
  }
  return new Response(null, { status: 303, headers });
};
