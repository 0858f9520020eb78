// Who is signed in. Sessions, sign-in and sign-up arrive with the accounts issue (#3); until then there is no
// way to hold a session, so every caller is anonymous and gets the 401 the site reads as "signed out".
import { Elysia } from "elysia";
import { AppError } from "../../lib/errors";
import { ErrorBodySchema } from "../../lib/http-schema";

export const authModule = new Elysia({ name: "auth" }).get(
  "/auth/user",
  () => {
    throw new AppError("unauthorized", "Not authenticated");
  },
  { response: { 401: ErrorBodySchema }, detail: { summary: "The signed-in user; 401 when anonymous" } },
);
