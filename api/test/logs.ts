// Faults a test causes on purpose: the server must still log them for the operator (one "unhandled error" line with
// the request id), but a green run should not print them, where they read like real failures. `expectFaultLogged`
// takes the line instead of stderr and asserts that it was written.
import { expect, spyOn } from "bun:test";
import { log } from "../src/lib/logger";

export async function expectFaultLogged<T>(cause: RegExp, run: () => Promise<T>): Promise<T> {
  const error = spyOn(log, "error").mockImplementation(() => {});
  try {
    const result = await run();
    const logged = error.mock.calls.map(([msg, fields]) => ({
      msg,
      requestId: fields?.requestId,
      cause: fields?.err instanceof Error ? fields.err.message : "",
    }));
    expect(logged).toContainEqual({ msg: "unhandled error", requestId: expect.any(String), cause: expect.stringMatching(cause) });
    return result;
  } finally {
    error.mockRestore();
  }
}
