// A minimal Astro adapter whose server entrypoint only exports Astro's App, so that one Bun.serve process
// (server/front.ts) can route /api to Elysia, serve dist/client, and hand every other request to Astro.
// docs/decisions/001-one-bun-process-serves-site-and-api.md
/** @returns {import("astro").AstroIntegration} */
export default function bunFront() {
  return {
    name: "platform-bun-front",
    hooks: {
      "astro:config:done": ({ setAdapter }) => {
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
    },
  };
}
