import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // Next enforces this marker at build time; in tests it is just an import.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/server-only-stub.ts"),
};

const integration = (name: string, db: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    globalSetup: [`tests/helpers/global-setup-${db}.ts`],
    // The tests play our one trusted proxy: each request says its client in X-Forwarded-For.
    env: { TEST_DB: db, TRUSTED_PROXY_HOPS: "1" },
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
      integration("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("api-postgres", "postgres")] : []),
    ],
  },
});
