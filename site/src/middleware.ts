// In production the Bun front passes `locals.api` (Elysia in-process). Under `astro dev` nothing does, so pages
// reach the dev API process over loopback instead; both answer the same requests.
import { defineMiddleware } from "astro:middleware";

const devApiOrigin = `http://127.0.0.1:${import.meta.env.API_DEV_PORT ?? process.env.API_DEV_PORT ?? "3001"}`;

export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered) {
    context.locals.api ??= (path, init) => fetch(devApiOrigin + path, init);
  }
  return next();
});
