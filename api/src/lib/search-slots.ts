// Full-text searches are the one public read whose cost grows with the data: each reads and ranks every match of its
// words (~2–4 ms of PostgreSQL's CPU for a word in 1,667 open challenges at 1,000,000 rows; decision 008). Run more
// of them at once than the database has cores and they only share the cores: every one of them takes longer, and the
// slowest far longer. So at most SEARCH_CONCURRENCY run at once in a process and the rest wait their turn, in order,
// holding no connection: the pool stays free for every other query. A flood past the queue is answered 503.
import { env } from "../env";
import { Semaphore } from "./semaphore";

/** How many searches may wait beyond the running ones before the next is refused (503, "try again"). */
const SEARCH_QUEUE = 256;

export const searchSlots = new Semaphore(env.SEARCH_CONCURRENCY, SEARCH_QUEUE);
