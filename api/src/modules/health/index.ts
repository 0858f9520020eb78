// Liveness and readiness probes for process managers and load balancers.
import { Elysia, t } from "elysia";
import { getDatabase } from "../../db/client";

export const healthModule = new Elysia({ name: "health", tags: ["health"] })
  .get("/health", () => ({ status: "ok" as const }), {
    response: t.Object({ status: t.Literal("ok") }),
    detail: { summary: "The process is alive" },
  })
  .get(
    "/ready",
    async ({ set }) => {
      try {
        const database = await getDatabase();
        await database.prisma.$queryRaw`SELECT 1`;
        if (await database.isMigrated()) return { status: "ready" as const, database: database.kind };
        set.status = 503;
        return { status: "not_ready" as const, reason: "migrations pending" };
      } catch {
        set.status = 503;
        return { status: "not_ready" as const, reason: "database unreachable" };
      }
    },
    {
      response: {
        200: t.Object({ status: t.Literal("ready"), database: t.Union([t.Literal("pglite"), t.Literal("postgres")]) }),
        503: t.Object({ status: t.Literal("not_ready"), reason: t.String() }),
      },
      detail: { summary: "The database is reachable and every migration is applied" },
    },
  );
