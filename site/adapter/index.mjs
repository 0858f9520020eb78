// A minimal Astro adapter whose server entrypoint only exports Astro's App, so that one Bun.serve process
// (server/front.ts) can route /api to Elysia, serve dist/client, and hand every other request to Astro.
// docs/decisions/001-one-bun-process-serves-site-and-api.md
// After the build it also precompresses the client files (precompress.mjs), which the front serves by Accept-Encoding.
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

/** @returns {import("astro").AstroIntegration} */
export default function bunFront() {
  /** dist/client: the files server/front.ts serves as they are. */
  let clientDir;
  return {
    name: "platform-bun-front",
    hooks: {
      "astro:config:done": ({ config, setAdapter }) => {
        clientDir = config.build.client;
        setAdapter({
          name: "platform-bun-front",
          entrypointResolution: "auto",
          serverEntrypoint: new URL("./entrypoint.mjs", import.meta.url),
          // staticHeaders: the CSP of prerendered pages is handed to the adapter instead of written into each page
          // as a <meta> (a second policy); the Bun front sends the header for those files itself.
          adapterFeatures: { buildOutput: "server", staticHeaders: true },
          supportedAstroFeatures: {
            staticOutput: "stable",
            hybridOutput: "stable",
            serverOutput: "stable",
            sharpImageService: "unsupported",
            envGetSecret: "unsupported",
          },
        });
      },
      // Runs after prerendering, so the prerendered pages are compressed too.
      "astro:build:done": async ({ logger }) => {
        const started = performance.now();
        const { files, raw, br, gz } = await precompress(fileURLToPath(clientDir));
        const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
        logger.info(
          `precompressed ${files} files: ${kb(raw)} → ${kb(br)} brotli, ${kb(gz)} gzip (${Math.round(performance.now() - started)} ms)`,
        );
      },
    },
  };
}
