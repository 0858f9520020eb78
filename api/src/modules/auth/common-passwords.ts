// The commonest passwords, refused wherever a password is set (sign-up, reset, profile, the admin form, the
// admin:create CLI). The list is zxcvbn-ts's `passwords-common` dictionary: 49,233 passwords ranked from public
// breach corpora, bundled in the npm package, so the check runs offline and no password ever leaves the server.
// It is server-only: at ~400 KB the list has no place in an island, so the forms learn of it from the API's answer.
import { AppError } from "../../lib/errors";
import { MESSAGES } from "./schema";

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  // Loaded on first use (about 60 ms), not at start-up: most processes never set a password.
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return common;
}

/** Case-insensitive, as the list is lower-case: "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

export async function assertUncommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError("invalid_data", MESSAGES.passwordTooCommon);
}
