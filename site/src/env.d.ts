/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Calls the platform API in-process (production: the Bun front hands Elysia's handler in) or over HTTP (dev).
     * `path` starts with /api. See site/src/lib/api.server.ts.
     */
    api: (path: string, init?: RequestInit) => Promise<Response>;
  }
}
