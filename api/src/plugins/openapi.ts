// API documentation generated from the routes' own TypeBox schemas by @elysiajs/openapi:
//   GET /api/openapi/json   the OpenAPI 3.1 document
//   GET /api/openapi        a self-contained HTML page listing every operation (no script, no CDN: it works offline
//                           and under a CSP that allows nothing but inline styles)
// The plugin's bundled UIs (Scalar, Swagger UI) load their scripts from a CDN, which neither this network nor our
// Content-Security-Policy allows, so they are turned off (provider: null).
import { Elysia } from "elysia";
import packageJson from "../../../package.json" with { type: "json" };
import { env } from "../env";
import { escapeHtml, SITE_NAME } from "../lib/html";

type Schema = Record<string, unknown>;
type Content = Record<string, { schema?: Schema }>;
type ResponseObject = { description?: string; content?: Content };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, ResponseObject>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
};

const INFO = {
  title: `${SITE_NAME} API`,
  version: packageJson.version,
  description:
    "Every route under /api. Signed-in calls use the session cookie set by POST /api/login. Writes from a browser " +
    "must come from the site's own origin; request bodies are JSON (multipart only where a route takes files).",
};

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
const hasBinaryField = (schema: unknown): boolean => JSON.stringify(schema ?? {}).includes('"format":"binary"');

type Route = { method: string; path: string; hooks?: { body?: unknown } };

/** The route's own body schema (TypeBox is JSON Schema; the symbols TypeBox adds do not survive JSON). */
function bodySchemaOf(routes: Route[], method: string, openApiPath: string): Schema | undefined {
  const route = routes.find((r) => r.method.toLowerCase() === method && r.path.replace(/:(\w+)/g, "{$1}") === openApiPath);
  const body = route?.hooks?.body;
  return body && typeof body === "object" ? (JSON.parse(JSON.stringify(body)) as Schema) : undefined;
}

/**
 * The contracts' own keywords (`error`, `errorMessage`: the messages the API and the site's forms read, see
 * api/src/lib/typebox.ts) are not JSON Schema; OpenAPI tools refuse them, so the document leaves them out.
 */
const CUSTOM_KEYWORDS = ["error", "errorMessage"];
const SUBSCHEMA = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"];
const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/** Removes the custom keywords from a schema and every schema inside it (a property *named* `error` stays). */
function stripCustomKeywords(schema: unknown): void {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return;
  const s = schema as Schema;
  for (const keyword of CUSTOM_KEYWORDS) delete s[keyword];
  for (const key of SUBSCHEMA) stripCustomKeywords(s[key]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(s[key])) for (const item of s[key]) stripCustomKeywords(item);
  for (const key of SUBSCHEMA_MAPS)
    for (const item of Object.values((s[key] as Schema | undefined) ?? {})) stripCustomKeywords(item);
}

/** TypeBox's schemas for "no body": `t.Null`, and `t.Void` / `t.Undefined`, which are not JSON Schema at all. */
const NO_BODY_TYPES = new Set(["null", "void", "undefined"]);

/**
 * A response as OpenAPI wants it. A body-less answer (a delete's 204: `NoContent`, the download's 302: `t.Null`) has
 * no `content`; the generator writes one, sometimes a bare schema where a media-type map belongs (then any other
 * bare schema is the JSON it describes).
 */
function mendResponse(response: ResponseObject): void {
  const content = response.content;
  if (!content) return;
  const bare = !Object.keys(content).every((type) => type.includes("/"));
  const schemas = bare ? [content as unknown as Schema] : Object.values(content).map((media) => media.schema ?? {});
  if (schemas.every((schema) => NO_BODY_TYPES.has(schema.type as string))) delete response.content;
  else if (bare) response.content = { "application/json": { schema: content as unknown as Schema } };
}

/** One requirement each (a route behind both guard macros names the session twice); none means a public route. */
function securityOf(operation: Operation): Record<string, string[]>[] {
  const seen = new Set<string>();
  return (operation.security ?? []).filter((requirement) => {
    const key = JSON.stringify(requirement);
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * What the server really takes. Every body goes through the security plugin's own parser, which the generator cannot
 * see through (it leaves `content` empty): JSON, or multipart where the route's schema has a file field. Operations
 * carry their module's tag (`new Elysia({ tags })`) so any OpenAPI viewer groups them, the session cookie
 * where a guard macro requires one (else `security: []`: public), schemas without the contracts' custom keywords;
 * paths lose the trailing slash of a module's "/" route (the app normalises it away).
 */
function describeAsServed(generated: Document, routes: Route[]): Document {
  // A copy: the generator hands out the routes' live schemas, which still validate requests with their messages.
  const document = JSON.parse(JSON.stringify(generated)) as Document;
  const paths: Document["paths"] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.security = securityOf(operation);
      for (const parameter of operation.parameters ?? []) stripCustomKeywords(parameter.schema);
      for (const response of Object.values(operation.responses ?? {})) {
        mendResponse(response);
        for (const media of Object.values(response.content ?? {})) stripCustomKeywords(media.schema);
      }
      if (!operation.requestBody) continue;
      const schema = bodySchemaOf(routes, method, path);
      if (schema) {
        stripCustomKeywords(schema);
        operation.requestBody.content = { [hasBinaryField(schema) ? "multipart/form-data" : "application/json"]: { schema } };
      }
    }
    const served = path.length > 1 ? path.replace(/\/$/, "") : path;
    paths[served] = { ...paths[served], ...item };
  }
  for (const schema of Object.values(document.components?.schemas ?? {})) stripCustomKeywords(schema);
  return { ...document, paths };
}

const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

function operationHtml(method: string, path: string, op: Operation): string {
  const parts: string[] = [];
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><code>${json(p.schema ?? {})}</code></td></tr>`,
      )
      .join("");
    parts.push(`<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>`);
  }
  for (const [type, body] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<h4>Request body (${escapeHtml(type)})</h4><pre>${json(body.schema ?? {})}</pre>`);
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const schema = Object.values(response.content ?? {})[0]?.schema;
    parts.push(
      `<h4>Response ${escapeHtml(status)}</h4>${schema ? `<pre>${json(schema)}</pre>` : `<p>${escapeHtml(response.description ?? "")}</p>`}`,
    );
  }
  const summary = op.summary ? ` — ${escapeHtml(op.summary)}` : "";
  return `<details id="${method}-${escapeHtml(path)}"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${summary}</summary>${parts.join("")}</details>`;
}

function openApiPage(document: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "api";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<section><h2>${escapeHtml(tag)}</h2>${ops.join("")}</section>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(INFO.title)} — OpenAPI</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222;background:#fff}
@media (prefers-color-scheme:dark){body{color:#ddd;background:#181818}pre,table td,table th{border-color:#444!important}}
h2{text-transform:capitalize;border-bottom:1px solid #8884;padding-bottom:.2rem;margin-top:2rem}
details{margin:.3rem 0;padding:.3rem .5rem;border:1px solid #8884;border-radius:6px}
summary{cursor:pointer}
pre{overflow:auto;padding:.5rem;border:1px solid #ddd;border-radius:4px;font-size:13px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:4.2rem;font:bold 12px monospace;text-align:center;border-radius:4px;padding:.1rem .3rem;color:#fff;background:#666}
.get{background:#0a7d4f}.post{background:#1f5fbf}.put,.patch{background:#a66300}.delete{background:#b3261e}
</style>
</head>
<body>
<h1>${escapeHtml(INFO.title)} <small>${escapeHtml(INFO.version)}</small></h1>
<p>${escapeHtml(INFO.description)}</p>
<p>Machine-readable: <a href="/api/openapi/json">/api/openapi/json</a> (OpenAPI 3.1, generated from the route schemas).</p>
${sections}
</body>
</html>`;
}

// The page has no script and loads nothing: its own policy allows inline styles and nothing else.
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The documentation routes. `securitySchemes`: the schemes the routes' security requirements name (the auth guard's
 * session cookie), given by the app so this plugin depends on no feature module.
 */
export function openapiPlugin({ securitySchemes }: { securitySchemes: Record<string, unknown> }) {
  const plugin = new Elysia({ name: "openapi" });
  // Every route of the app this plugin is used in. Protected in Elysia's types; @elysiajs/openapi's generator calls
  // it the same way (a plugin shares the app's route list once used).
  const routes = () => (plugin as unknown as { getGlobalRoutes(): Route[] }).getGlobalRoutes();

  let cached: { routes: number; document: Document } | undefined;
  /**
   * The document for every route the app holds, built again only when the route list grew. The generator is loaded by
   * the first request for it, not by every server at start (decision 003, "Loaded when used").
   */
  const openApiDocument = async (): Promise<Document> => {
    const all = routes();
    if (cached?.routes !== all.length) {
      const { toOpenAPISchema } = await import("@elysiajs/openapi");
      const { paths, components } = toOpenAPISchema(plugin, undefined, undefined, undefined, "3.1.2");
      const document = {
        openapi: "3.1.2",
        info: INFO,
        // Paths already start with /api: the server is the site's origin.
        servers: [{ url: env.SITE_URL, description: "This site (the API is served under /api)" }],
        paths,
        components: { ...components, securitySchemes },
      } as unknown as Document;
      cached = { routes: all.length, document: describeAsServed(document, all) };
    }
    return cached.document;
  };

  return plugin
    .get("/openapi/json", () => openApiDocument(), { detail: { hide: true } })
    .get(
      "/openapi",
      async () =>
        new Response(openApiPage(await openApiDocument()), {
          headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": PAGE_POLICY },
        }),
      { detail: { hide: true } },
    );
}
