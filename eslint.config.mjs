// The fences: lint rules that keep the code's layers apart (docs/FENCES.md).
// Type-aware rules only on src/server, where promises are left to run on their own (the cache,
// the worker, the live hub): each must be awaited, returned or marked `void` on purpose.
// Formatting is Prettier's (`npm run format`); eslint-config-prettier turns off what would clash.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import eslintComments from "@eslint-community/eslint-plugin-eslint-comments";
import globals from "globals";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

// Imports that reach the database. Pages and route handlers call use-cases in
// src/server, which own every query (docs/FENCES.md, "No SQL in src/app").
const SQL_IN_APP = {
  paths: [{ name: "drizzle-orm", message: "src/app calls use-cases in src/server; queries live there (docs/FENCES.md)." }],
  patterns: [
    {
      group: ["drizzle-orm/*", "pg", "@electric-sql/pglite", "@electric-sql/pglite/*"],
      message: "src/app calls use-cases in src/server; queries live there (docs/FENCES.md).",
    },
    {
      group: ["@/server/db", "@/server/db/*"],
      message: "src/app never touches the database layer: call a use-case in src/server (docs/FENCES.md).",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      ".next*/**",
      // The Lighthouse host check's reference page builds its own .next (docs/decisions/048-hosts-with-slow-memory.md).
      "bench/lighthouse/reference/.next/**",
      ".data/**",
      // Run directories of the tests (servers' data, logs; the schema-drift test's drizzle config while
      // it runs): the static checks run beside the unit and API tests (docs/decisions/054-ci-time-and-house-rules.md).
      ".tmp/**",
      "bench/results/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    // Every eslint-disable says why after "--" (docs/FENCES.md): a switched-off rule is a decision.
    plugins: { "@eslint-community/eslint-comments": eslintComments },
    rules: { "@eslint-community/eslint-comments/require-description": ["error", { ignore: [] }] },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (a rest sibling
      // dropped from an object, a callback's unused parameter).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      // `const crypto = require("node:crypto")` is the CommonJS idiom, not a clash with the global.
      "no-redeclare": ["error", { builtinGlobals: false }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: {
      "@next/next": nextPlugin,
      "jsx-a11y": jsxA11y,
      "react-hooks": reactHooks,
    },
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // Our wide tables scroll inside a labelled role="region" made focusable so a
      // keyboard can scroll them (axe's scrollable-region-focusable rule, which our
      // browser tests enforce): a region is allowed a tabIndex.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
    },
  },
  // Layer boundaries and cycles, resolved through tsconfig's `@/` alias.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x parses only .js files and no-cycle sees no TypeScript graph.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/domain",
              from: "./src",
              except: ["./domain", "./config.ts"],
              message: "src/domain is pure rules: it imports only src/domain and src/config.ts (docs/FENCES.md).",
            },
            {
              target: "./src/components",
              from: "./src/server",
              message: "Components never import src/server: the page passes data down, or the client calls an API route (docs/FENCES.md).",
            },
            {
              target: "./src/server",
              from: ["./src/app", "./src/components"],
              message: "src/server is called by pages and routes, never the other way round (docs/FENCES.md).",
            },
            {
              target: "./src/front-door",
              from: "./src",
              except: ["./front-door", "./env.ts"],
              message:
                "The front door stands in front of Next and imports nothing of the app but src/env.ts, the one reader of the environment (docs/FENCES.md, decision 052).",
            },
            {
              target: ["./src/app", "./src/server", "./src/components", "./src/domain", "./src/proxy.ts"],
              from: "./src/front-door",
              except: ["./bridge.ts", "./security-headers.ts", "./bots.ts"],
              message:
                "The app reaches the front door only through its contract: bridge.ts, security-headers.ts and bots.ts (docs/FENCES.md, decision 052).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", SQL_IN_APP] },
  },
  // One typed contract (docs/decisions/046-one-typed-contract.md): a screen reads an answer through
  // its schema (apiFetch, or checkWith on a body typed unknown), never by casting the JSON.
  {
    files: ["src/components/**/*.{ts,tsx}", "src/app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='json']",
          "TSAsExpression > CallExpression[callee.property.name='json']",
          "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='catch'][callee.object.callee.property.name='json']",
          "TSAsExpression > CallExpression[callee.property.name='then'][callee.object.callee.property.name='json']",
        ].map((selector) => ({
          selector,
          message:
            "Network data is read through its schema (apiFetch, or checkWith on a body typed unknown), never cast (docs/decisions/046-one-typed-contract.md).",
        })),
      ],
    },
  },
  // A browser test waits for something it can name (a response, an element, a state marker), never
  // for a fixed time: a blind wait followed by an absence check passes even when nothing was checked.
  {
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: "Wait for what the page does (a response, an element, a data-* marker), not for a fixed time (docs/TESTING.md).",
        },
      ],
    },
  },
  // Promises and exhaustive switches on the server (issue 38): typed linting of src/server only.
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/**/*.test.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  prettier,
);
