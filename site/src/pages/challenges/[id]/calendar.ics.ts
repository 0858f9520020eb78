// "Add to calendar" on the challenge page: the API builds the iCalendar file; this keeps the download on the
// page's own path (/challenges/{id}/calendar.ics) and reaches the API only through the typed client.
import type { APIRoute } from "astro";
import { serverApi, pathParam } from "../../../lib/api.server";

export const GET: APIRoute = async (context) => {
  const res = await serverApi(context)
    .challenges({ id: pathParam(context.params.id) })
    ["calendar.ics"].get();
  if (res.error || typeof res.data !== "string") return context.rewrite("/404");
  return new Response(res.data, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": res.response.headers.get("content-disposition") ?? "attachment",
    },
  });
};
