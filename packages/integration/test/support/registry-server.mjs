// Runs Verdaccio with the configuration file given as the first argument on 127.0.0.1 at a
// port the system picks (no race for a "free" port), then prints one JSON line naming its
// URL. The test that spawns this kills it when done; it also exits when its standard input
// closes, so a test process that dies without cleaning up leaves no server behind.
import { runServer } from "verdaccio";

const [configPath] = process.argv.slice(2);
if (!configPath) throw new Error("usage: registry-server.mjs <config.yaml>");
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
const server = await runServer(configPath);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  process.stdout.write(`${JSON.stringify({ registryUrl: `http://127.0.0.1:${port}/` })}\n`);
});
