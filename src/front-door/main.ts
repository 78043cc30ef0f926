// The production server's entry point: scripts/build.mjs compiles it into the build
// (`<distDir>/front-door/server.cjs`), scripts/front-door.cjs runs it (src/front-door/server.ts).
import { main } from "./server";

main().catch((error: unknown) => {
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "the server could not start",
      error: error instanceof Error ? error.stack : String(error),
    }),
  );
  process.exit(1);
});
