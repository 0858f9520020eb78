// The bench's database baseline (npm run bench; decision 014): a bare Bun.serve with a `pg` pool answering what
// GET /api/challenges answers for its first page — same JSON body, same next-page headers — from one SQL query and
// nothing else: no framework, no validation, no security headers, no logs, no compression. What the app pays above this
// is the price of its hot path; bench/index.ts checks that the two bodies are equal before it measures.
//   PORT=… DATABASE_URL=postgres://… bun bench/bare-pg.ts
import pg from "pg";
import { CHALLENGE_PAGE_SIZE, parseTextList } from "../api/src/modules/challenges/schema";

// Prisma's DateTime columns are `timestamp(3)` without a time zone, holding UTC: read them as UTC, not local time.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (text) => new Date(`${text.replace(" ", "T")}Z`));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });

// The public statuses, soonest start first, participantCount = approved applications: the app's first page. With
// PREPARED=1 a named statement, parsed and planned once per connection as the app's reader does (db/read.ts): the
// stricter baseline, which bench/index.ts prints beside the goal row.
const FIRST_PAGE = {
  name: process.env.PREPARED === "1" ? "first_page" : undefined,
  text: `SELECT c.id, c.title, c.description, c."fullDescription", c.status, c."startDate", c."endDate", c."imageUrl",
                c.requirements, c.outcomes, c.timeline, c."createdAt",
                (SELECT count(*)::int FROM challenge_participants p
                  WHERE p."challengeId" = c.id AND p.status = 'ACTIVE') AS "participantCount"
           FROM challenges c
          WHERE c.status IN ('UPCOMING', 'ACTIVE', 'COMPLETED')
          ORDER BY c."startDate", c.id
          LIMIT $1`,
  values: [CHALLENGE_PAGE_SIZE + 1],
};

type Row = {
  id: string;
  title: string;
  description: string;
  fullDescription: string | null;
  status: string;
  startDate: Date;
  endDate: Date | null;
  imageUrl: string | null;
  requirements: string[];
  outcomes: string[];
  timeline: string | null;
  createdAt: Date;
  participantCount: number;
};

Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  async fetch() {
    const { rows } = await pool.query<Row>(FIRST_PAGE);
    const items = rows.slice(0, CHALLENGE_PAGE_SIZE).map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      fullDescription: r.fullDescription,
      status: r.status,
      startDate: r.startDate.toISOString(),
      endDate: r.endDate?.toISOString() ?? null,
      imageUrl: r.imageUrl,
      requirements: parseTextList(r.requirements),
      outcomes: parseTextList(r.outcomes),
      timeline: r.timeline,
      createdAt: r.createdAt.toISOString(),
      participantCount: r.participantCount,
    }));
    const headers: Record<string, string> = {};
    const last = items.at(-1);
    if (rows.length > CHALLENGE_PAGE_SIZE && last) {
      const cursor = Buffer.from(JSON.stringify([last.startDate, last.id, null])).toString("base64url");
      headers["x-next-cursor"] = cursor;
      headers.link = `</api/challenges?cursor=${cursor}>; rel="next"`;
    }
    return Response.json(items, { headers });
  },
});

// A clean exit on SIGTERM (the bench stops it so), which also lets `bun --cpu-prof` write its profile.
process.on("SIGTERM", () => process.exit(0));
