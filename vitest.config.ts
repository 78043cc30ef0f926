import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // Next enforces this marker at build time; in tests it is just an import.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/server-only-stub.ts"),
};

/**
 * With PostgreSQL at hand (TEST_DATABASE_URL, as in CI) every API test runs on it, and on the
 * embedded database only the files that cover what differs there (docs/TESTING.md, "Two
 * databases"): booting, migrating and seeding it (the quick start), its LISTEN, the worker in the
 * web process, its unique-violation errors and its one-connection transactions, the request
 * fuzzer and the schema-drift check. The browser tests' servers run on the embedded database, so
 * every screen exercises it too. Without PostgreSQL every API test runs on the embedded database.
 */
const PGLITE_ALSO = [
  "fuzz",
  "schema-drift",
  "migrations",
  "seed",
  "season-load",
  "database-settings",
  "worker-process",
  "live-stream",
  "live-poll",
  "takes-submit",
  "auth-username",
  "authoring-packs",
  "slate-authoring",
  "contests-series",
  "h2h-challenges",
  "events-tools",
  // bytea comes back as a Buffer from node-postgres and a Uint8Array from PGlite (share_cards).
  "share-cards",
  // Quiet hours are wall-clock arithmetic in each player's time zone, in SQL (decision 072).
  "pack-reminders",
  // Delivery reports, the undeliverable-number trigger and the spending ceiling (decision 071): asked for on both databases.
  "sms-delivery",
].map((name) => `tests/api/${name}.test.ts`);

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const integration = (name: string, db: "pglite" | "postgres", include = ["tests/api/**/*.test.ts"]) => ({
  resolve: { alias },
  test: {
    name,
    include,
    environment: "node",
    globalSetup: [`tests/helpers/global-setup-${db}.ts`],
    // The tests play our one trusted proxy: each request says its client in X-Forwarded-For.
    // Quiet hours off: tests on the wall clock text at any hour; pack-reminders.test.ts turns them on with a moved clock.
    env: { TEST_DB: db, TRUSTED_PROXY_HOPS: "1", QUIET_HOURS: "0" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"], environment: "node" },
      },
      ...(withPostgres
        ? [integration("api-pglite", "pglite", PGLITE_ALSO), integration("api-postgres", "postgres")]
        : [integration("api-pglite", "pglite")]),
    ],
  },
});
