// What search engines and link previews read from a challenge page: OpenGraph tags and a schema.org Event.
import type { Challenge } from "@api/modules/challenges/schema";
import { SITE_NAME } from "../../config";
import { DEFAULT_CHALLENGE_IMAGE } from "./ChallengeCard";

export function challengeMeta(challenge: Challenge, pageUrl: URL) {
  const image = new URL(challenge.imageUrl ?? DEFAULT_CHALLENGE_IMAGE, pageUrl).toString();
  const event = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: challenge.title,
    description: challenge.description,
    startDate: challenge.startDate,
    ...(challenge.endDate ? { endDate: challenge.endDate } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url: pageUrl.toString() },
    image: [image],
    url: pageUrl.toString(),
    organizer: { "@type": "Organization", name: SITE_NAME, url: pageUrl.origin },
  };
  return {
    og: {
      "og:type": "website",
      "og:site_name": SITE_NAME,
      "og:title": challenge.title,
      "og:description": challenge.description,
      "og:url": pageUrl.toString(),
      "og:image": image,
    },
    // JSON inside <script> must not be able to close the element: escape "<" (and the line separators JS dislikes).
    jsonLd: JSON.stringify(event)
      .replace(/</g, "\\u003c")
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  };
}
