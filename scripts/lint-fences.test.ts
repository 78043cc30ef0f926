import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// A deliberate violation of each fence, linted with the project's own
// eslint.config.mjs as `npm run lint` would (docs/FENCES.md).
const root = path.resolve(import.meta.dirname, "..");
// The example files exist only in these tests, so no TypeScript project holds them: the type-aware
// rules on src/server (which need one) are off here; the fences are not type-aware.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ["src/server/**/*.ts"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      "@typescript-eslint/no-floating-promises": "off",
      "@typescript-eslint/no-misused-promises": "off",
      "@typescript-eslint/switch-exhaustiveness-check": "off",
    },
  },
});

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// Loading the config and its plugins takes seconds on a busy two-core machine: once, before the cases.
beforeAll(async () => {
  await eslint.lintText("", { filePath: path.join(root, "src/domain/warm-up.ts") });
}, 60_000);

describe("the fences", { timeout: 30_000 }, () => {
  it("a component that imports the database client fails the lint", async () => {
    const broken = await rulesBroken(
      "src/components/fence-example.tsx",
      'import { getDb } from "@/server/db/client";\nexport const load = async () => getDb();\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Components never import src\/server/)]);
  });

  it("a component that imports a use-case by a relative path fails the lint too", async () => {
    const broken = await rulesBroken(
      "src/components/marketplace/fence-example.tsx",
      'import { listAdminItems } from "../../server/marketplace/list-admin-items";\nexport const load = listAdminItems;\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
  });

  it("domain code that imports from src/server fails the lint", async () => {
    const broken = await rulesBroken(
      "src/domain/fence-example.ts",
      'import { AppError } from "@/server/http/app-error";\nexport const fail = () => new AppError("NOT_FOUND", "none");\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/domain is pure rules/)]);
  });

  it("domain code may import other domain code and src/config.ts", async () => {
    const broken = await rulesBroken(
      "src/domain/fence-example.ts",
      'import { SUPPORTED_LEAGUES } from "@/config";\nimport { takePayout } from "./grading";\nexport const both = [SUPPORTED_LEAGUES, takePayout];\n',
    );
    expect(broken).toEqual([]);
  });

  it("a use-case that imports a component fails the lint", async () => {
    const broken = await rulesBroken(
      "src/server/fence-example.ts",
      'import { AdminItemsPanel } from "@/components/admin/marketplace/admin-items-panel";\nexport const panel = AdminItemsPanel;\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/server is called by pages/)]);
  });

  it("the front door that imports a use-case of the app fails the lint", async () => {
    const broken = await rulesBroken(
      "src/front-door/fence-example.ts",
      'import { log } from "@/server/ops/log";\nexport const say = () => log("info", "hello");\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*The front door stands in front of Next/)]);
  });

  it("the app may reach the front door through its bridge, and fails the lint reaching into its page cache", async () => {
    expect(
      await rulesBroken(
        "src/server/fence-example.ts",
        'import { frontDoor } from "@/front-door/bridge";\nexport const door = frontDoor;\n',
      ),
    ).toEqual([]);
    const broken = await rulesBroken(
      "src/server/fence-example.ts",
      'import { createPageCache } from "@/front-door/page-cache";\nexport const cache = createPageCache;\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its contract/)]);
  });

  it("a page that imports drizzle-orm to build a query fails the lint", async () => {
    const broken = await rulesBroken(
      "src/app/fence-example/page.tsx",
      'import { sql } from "drizzle-orm";\nexport const query = sql`select 1`;\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: 'drizzle-orm' import is restricted/)]);
  });

  it("a route handler that reaches for the database layer fails the lint", async () => {
    const broken = await rulesBroken(
      "src/app/api/fence-example/route.ts",
      'import { getDb } from "@/server/db/client";\nexport async function GET() {\n  await getDb();\n  return new Response(null);\n}\n',
    );
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: '@\/server\/db\/client' import is restricted/)]);
  });

  it("a screen that casts an API answer instead of parsing it with its schema fails the lint", async () => {
    const broken = await rulesBroken(
      "src/components/fence-example.tsx",
      "export async function load(response: Response) {\n  const body = (await response.json()) as { tokensBalance: number };\n  const refusal = (await response.json().catch(() => null)) as { error?: string } | null;\n  return [body, refusal];\n}\n",
    );
    expect(broken).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Network data is read through its schema/),
      expect.stringMatching(/^no-restricted-syntax: Network data/),
    ]);
    // Read through a schema, the same answer passes.
    const parsed = await rulesBroken(
      "src/components/fence-example.tsx",
      'import { checkWith } from "@/domain/schemas/standard";\nimport { VTokenBalanceAnswer } from "@/domain/schemas/play";\nexport async function load(response: Response) {\n  const body: unknown = await response.json();\n  return checkWith(VTokenBalanceAnswer, body);\n}\n',
    );
    expect(parsed).toEqual([]);
  });

  it("an eslint-disable comment for a rule that reports nothing is itself an error", async () => {
    const broken = await rulesBroken(
      "src/domain/fence-example.ts",
      "// eslint-disable-next-line no-control-regex -- nothing here needs it\nexport const n = 1;\n",
    );
    expect(broken).toEqual([expect.stringMatching(/^null: Unused eslint-disable directive/)]);
  });

  it("an eslint-disable comment that does not say why fails the lint, and the same comment with its reason passes", async () => {
    const code = (comment: string) => `${comment}\nexport const bell = /\\x07/;\n`;
    const silent = await rulesBroken("src/domain/fence-example.ts", code("// eslint-disable-next-line no-control-regex"));
    expect(silent).toEqual([expect.stringMatching(/^@eslint-community\/eslint-comments\/require-description: /)]);
    const explained = await rulesBroken(
      "src/domain/fence-example.ts",
      code("// eslint-disable-next-line no-control-regex -- a bell is the point"),
    );
    expect(explained).toEqual([]);
  });
});
