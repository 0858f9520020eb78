// Pages whose URL carries a one-time token (verify e-mail, reset password): the token is a credential, so keep it
// out of Referer headers sent to other sites and out of any cache.
import type { AstroGlobal } from "astro";

export function keepTokenPrivate(Astro: AstroGlobal) {
  Astro.response.headers.set("Referrer-Policy", "no-referrer");
  Astro.response.headers.set("Cache-Control", "private, no-store");
}
