// `npm run admin:create -- --email … --username … [--first-name …] [--last-name …] [--promote]`: a deployment's first
// administrator, since production never seeds the demo admin (docs/decisions/004). The password comes from stdin:
// typed twice without echo at a terminal, else the first line of piped input — never from an argument (`ps` shows
// it to every user) or an environment variable (inherited by every child process). Exit 0 when done, 1 with one
// line on stderr when refused, 2 on a usage error, 130 when cancelled at the prompt.
import { parseArgs } from "node:util";
import { AppError } from "../lib/errors";
import { MESSAGES, normaliseEmail } from "../modules/auth/schema";
import { accountsNamed, createAdministrator, normaliseAdministrator, promoteToAdministrator } from "../modules/users/service";
import { closeDatabase, getDatabase } from "../db/client";
import { env } from "../env";

const USAGE =
  "Usage: npm run admin:create -- --email <address> --username <name> [--first-name <name>] [--last-name <name>] [--promote]\n" +
  "The password is read from stdin: prompted for (twice, not echoed) at a terminal, else the first line of input.";

/** A refusal the operator can act on: printed as one line, never with a stack. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export async function adminCreate(args: string[]): Promise<number> {
  const config = {
    args,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: "string" },
      username: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      promote: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  } as const;
  let options: ReturnType<typeof parseArgs<typeof config>>["values"];
  try {
    options = parseArgs(config).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (!options.email || !options.username) {
    console.error(`--email and --username are required.\n${USAGE}`);
    return 2;
  }

  let opened = false;
  try {
    // Refuse a bad name or address before opening the database or asking for a password.
    const input = normaliseAdministrator({
      username: options.username,
      email: options.email,
      firstName: options["first-name"],
      lastName: options["last-name"],
    });
    // Migrations are applied as the server would; demo data never, whatever SEED_DEMO_DATA says (no seed given).
    opened = true;
    await getDatabase();

    const existing = await accountsNamed(input.username, input.email);
    if (existing.length > 1) {
      const byEmail = existing.find((u) => normaliseEmail(u.email) === input.email) ?? existing[0]!;
      const byName = existing.find((u) => u !== byEmail)!;
      throw new Refusal(`The e-mail belongs to ${who(byEmail)} and the username to ${who(byName)}; nothing changed.`);
    }
    const [account] = existing;
    if (account) {
      if (!options.promote) {
        throw new Refusal(
          `An account already has this e-mail or username: ${who(account)}; nothing changed. Re-run with --promote to make it an administrator.`,
        );
      }
      if (account.role === "ADMIN") {
        console.log(`${who(account)} is already an administrator; nothing changed.`);
        return 0;
      }
      await promoteToAdministrator(account.id);
      console.log(`${who(account)} is now an administrator (password unchanged).`);
      return 0;
    }

    const password = await readPassword(input.username);
    const user = await createAdministrator({ ...input, password });
    console.log(`Created administrator ${who(user)}. Sign in at ${env.SITE_URL}/login.`);
    return 0;
  } catch (e) {
    if (e instanceof Refusal) {
      console.error(e.message);
      return e.exitCode;
    }
    // AppError (a rule), the data-directory lock, a database that cannot be reached: their messages are one line
    // and hold no input beyond the name and address given.
    console.error(e instanceof AppError ? e.message : `admin:create failed: ${(e as Error).message.split("\n")[0]}`);
    return 1;
  } finally {
    if (opened) await closeDatabase().catch(() => {});
  }
}

const who = (u: { username: string; email: string }) => `${u.username} <${u.email}>`;

async function readPassword(username: string): Promise<string> {
  if (!process.stdin.isTTY) {
    // Piped: `printf '%s\n' "$PASSWORD" | npm run admin:create -- …`. Only the line ending is removed, so spaces
    // at either end remain part of the password, as they would in the sign-up form.
    const text = await Bun.stdin.text();
    return text.split(/\r?\n/, 1)[0] ?? "";
  }
  const first = await promptHidden(`Password for ${username}: `);
  const second = await promptHidden("Repeat the password: ");
  if (first !== second) throw new Refusal(MESSAGES.passwordsDoNotMatch);
  return first;
}

/** Reads one line from the terminal in raw mode, so nothing typed is echoed. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (outcome: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      outcome();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish(() => resolve(value));
        if (ch === "\u0003" || (ch === "\u0004" && !value))
          return finish(() => reject(new Refusal("Cancelled; nothing changed.", 130)));
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}
