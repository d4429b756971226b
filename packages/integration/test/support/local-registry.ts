import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A Verdaccio server in a temporary folder, with a user allowed to publish. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, with the trailing slash npm writes. */
  url: string;
  /** A token of the registry's one user, for `//127.0.0.1:<port>/:_authToken=`. */
  token: string;
  /** Kills the server and waits for it to exit. */
  stop(): Promise<void>;
}

const SERVER_SCRIPT = fileURLToPath(new URL("./registry-server.mjs", import.meta.url));

/**
 * Starts Verdaccio on 127.0.0.1 at a port the system picks, with its storage in `dir` and no
 * uplinks (nothing is fetched from the public registry), waits until `/-/ping` answers
 * (bounded by `timeoutMs`, polling, never a fixed sleep) and creates a user. Rejects with
 * the server's output when it cannot start.
 */
export async function startLocalRegistry(dir: string, timeoutMs = 120_000): Promise<LocalRegistry> {
  await mkdir(join(dir, "storage"), { recursive: true });
  const config = join(dir, "config.yaml");
  await writeFile(
    config,
    [
      `storage: ${JSON.stringify(join(dir, "storage"))}`,
      "auth:",
      "  htpasswd:",
      `    file: ${JSON.stringify(join(dir, "htpasswd"))}`,
      // Tokens are JWTs: a request is not a bcrypt check of the password (seconds each on a busy machine).
      "security:",
      "  api:",
      "    jwt:",
      "      sign:",
      "        expiresIn: 1d",
      "uplinks: {}",
      "packages:",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "max_body_size: 200mb",
      "web:",
      "  enable: false",
      "log: { type: stdout, format: pretty, level: error }",
      "",
    ].join("\n"),
  );
  // stdin is a pipe only so the server notices when this process is gone (it exits on end of input).
  const child = spawn(process.execPath, [SERVER_SCRIPT, config], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
  const stop = () => stopProcess(child);
  try {
    const url = await announcedUrl(child, timeoutMs);
    await waitForPing(url, child, timeoutMs);
    const token = await createUser(url);
    return { url, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The URL the server script prints once it listens; rejects with its output if it exits first. */
function announcedUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`Verdaccio did not listen within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith('{"registryUrl"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      // Keep draining the server's log so a full pipe can never block it.
      child.stdout?.resume();
      resolve((JSON.parse(line) as { registryUrl: string }).registryUrl);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", fail);
    child.once("exit", (code) => fail(new Error(`Verdaccio exited (code ${code}) before listening:\n${output}`)));
  });
}

async function waitForPing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited (code ${child.exitCode})`);
    try {
      const response = await fetch(new URL("-/ping", url), { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Verdaccio at ${url} did not answer /-/ping within ${timeoutMs} ms (${String(last)})`);
}

/** Registers a user the way `npm adduser` does and returns its token. */
async function createUser(url: string): Promise<string> {
  const name = "rulebook-release";
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "rulebook-release-test" }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || !body.token) throw new Error(`Verdaccio did not create a user: HTTP ${response.status} ${body.error ?? ""}`);
  return body.token;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
