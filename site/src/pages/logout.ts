// POST /logout: the header's Log out button (a plain form, so it works before or without JavaScript). Ends the
// session on the server and lands on / anonymous whether or not that call succeeded (SPEC §4): when the API could not
// end it (down, or an error), this browser's session cookie is expired here, so the session does not come back when
// the server recovers. Astro refuses cross-site POSTs here (security.checkOrigin), so no other site can sign a visitor
// out.
import type { APIRoute } from "astro";
import { hostOnly, SESSION_COOKIE_NAME } from "@api/modules/auth/cookie-names";
import { forwardCookies, serverApi } from "../lib/api.server";

/** Both spellings of the session cookie, expired: the one this browser holds goes (the other is ignored). */
const EXPIRED_SESSION_COOKIES = [false, true].map(
  (secure) => `${hostOnly(SESSION_COOKIE_NAME, secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
);

export const POST: APIRoute = async (context) => {
  const headers = new Headers({ location: "/", "cache-control": "no-store" });
  let ended = false;
  try {
    const { response, status } = await serverApi(context).logout.post();
    forwardCookies(response, headers);
    ended = status >= 200 && status < 300;
  } catch (error) {
    console.error("Logout failed", error); // SPEC §8: logged only
  }
  if (!ended) for (const cookie of EXPIRED_SESSION_COOKIES) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
};
