// Server entrypoint of the built site (dist/server/entry.mjs): exports Astro's App for server/front.ts.
import { createApp } from "astro/app/entrypoint";

export const app = createApp();
