import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { queryRows, type Db } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";

// schema.ts is what the code believes; drizzle/ is what the database becomes. This file fails CI
// when the two disagree (docs/decisions/036-one-truth-for-schema-and-rules.md).

let db: Db;
beforeAll(async () => {
  db = (await createTestDb()).db;
});
afterAll(closeTestDb);

/** A type as PostgreSQL's format_type prints it, from how Drizzle spells it. */
function normalType(type: string): string {
  const t = type
    .toLowerCase()
    .replace(/\s*,\s*/g, ",")
    .replace(/\s*\(\s*/g, "(")
    .replace(/\s*\)/g, ")");
  const aliases: Record<string, string> = {
    serial: "integer",
    bigserial: "bigint",
    timestamp: "timestamp without time zone",
    "timestamp with time zone": "timestamp with time zone",
    varchar: "character varying",
    "double precision": "double precision",
  };
  if (aliases[t]) return aliases[t]!;
  return t.replace(/^varchar\(/, "character varying(").replace(/^timestamp\((\d)\) with time zone$/, "timestamp($1) with time zone");
}

function declared() {
  const tables = new Map<string, { columns: Map<string, { type: string; notNull: boolean }>; indexes: Set<string> }>();
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Map(config.columns.map((c) => [c.name, { type: normalType(c.getSQLType()), notNull: c.notNull || c.primary }]));
    const indexes = new Set<string>();
    for (const index of config.indexes) if (index.config.name) indexes.add(index.config.name);
    for (const unique of config.uniqueConstraints) indexes.add(unique.getName()!);
    for (const pk of config.primaryKeys) indexes.add(pk.getName());
    if (config.columns.some((c) => c.primary)) indexes.add(`${config.name}_pkey`);
    for (const c of config.columns) if (c.isUnique) indexes.add(c.uniqueName ?? `${config.name}_${c.name}_unique`);
    tables.set(getTableName(value), { columns, indexes });
  }
  return tables;
}

describe("the schema and the migrations", () => {
  it("the database the migrations build has exactly the tables, columns, types and indexes schema.ts declares", async () => {
    const columns = await queryRows<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
      db,
      sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
    );
    const indexes = await queryRows<{ table_name: string; index_name: string }>(
      db,
      sql`select tablename as table_name, indexname as index_name from pg_indexes where schemaname = 'public'`,
    );
    const built = new Map<string, { columns: Map<string, { type: string; notNull: boolean }>; indexes: Set<string> }>();
    const tableOf = (name: string) => {
      if (!built.has(name)) built.set(name, { columns: new Map(), indexes: new Set() });
      return built.get(name)!;
    };
    for (const c of columns) tableOf(c.table_name).columns.set(c.column_name, { type: c.type, notNull: c.not_null });
    for (const i of indexes) tableOf(i.table_name).indexes.add(i.index_name);

    const want = declared();
    const differences: string[] = [];
    for (const name of new Set([...want.keys(), ...built.keys()])) {
      const w = want.get(name);
      const b = built.get(name);
      if (!w) differences.push(`table ${name}: built by the migrations, not in schema.ts`);
      else if (!b) differences.push(`table ${name}: in schema.ts, not built by the migrations`);
      if (!w || !b) continue;
      for (const column of new Set([...w.columns.keys(), ...b.columns.keys()])) {
        const wc = w.columns.get(column);
        const bc = b.columns.get(column);
        if (!wc || !bc) differences.push(`${name}.${column}: ${wc ? "not built by the migrations" : "not in schema.ts"}`);
        else if (wc.type !== bc.type || wc.notNull !== bc.notNull)
          differences.push(
            `${name}.${column}: schema.ts says ${wc.type}${wc.notNull ? " not null" : ""}, the migrations built ${bc.type}${bc.notNull ? " not null" : ""}`,
          );
      }
      for (const index of new Set([...w.indexes, ...b.indexes])) {
        if (!w.indexes.has(index)) differences.push(`${name}: index ${index} built by the migrations, not in schema.ts`);
        else if (!b.indexes.has(index)) differences.push(`${name}: index ${index} in schema.ts, not built by the migrations`);
      }
    }
    expect(differences).toEqual([]);
  });

  // drizzle-kit diffs schema.ts against the last snapshot in drizzle/meta; a change to schema.ts
  // without its migration (or a hand-written migration without its snapshot) shows up here as a
  // migration it would generate. It needs no database, so it runs once.
  it.skipIf(testDbKind() === "postgres")(
    "drizzle-kit has nothing to generate: every change to schema.ts has its migration and snapshot",
    () => {
      const root = path.resolve(import.meta.dirname, "../..");
      const work = mkdtempSync(path.join(root, ".tmp", "drift-"));
      try {
        cpSync(path.join(root, "drizzle"), path.join(work, "drizzle"), { recursive: true });
        const config = path.join(work, "drizzle.config.ts");
        writeFileSync(
          config,
          `import { defineConfig } from "drizzle-kit";\nexport default defineConfig({ dialect: "postgresql", schema: "./src/server/db/schema.ts", out: ${JSON.stringify(`./${path.relative(root, path.join(work, "drizzle"))}`)} });\n`,
        );
        const before = readdirSync(path.join(work, "drizzle")).sort();
        const output = execFileSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", "--config", config], {
          cwd: root,
          encoding: "utf8",
        });
        expect(readdirSync(path.join(work, "drizzle")).sort(), output).toEqual(before);
        expect(output).toContain("No schema changes");
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    60_000,
  );

  // The SQL routines (functions and triggers) as the migrations leave them, one file each in
  // src/server/db/routines/: the current body is read there, not pieced together from the last
  // migration that replaced it. After a migration changes a routine, UPDATE_ROUTINES=1 rewrites
  // the files and the diff is reviewed with the migration (CONTRIBUTING.md, "Add a migration").
  it.skipIf(testDbKind() === "postgres")(
    "every SQL routine the migrations install is the one in src/server/db/routines, and nothing else is installed",
    async () => {
      const dir = path.resolve(import.meta.dirname, "../../src/server/db/routines");
      const functions = await queryRows<{ name: string; def: string }>(
        db,
        sql`select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            -- An extension's own functions (pg_trgm's, drizzle/0031) are its, not ours.
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          order by p.proname, pg_get_function_identity_arguments(p.oid)`,
      );
      const triggers = await queryRows<{ def: string }>(
        db,
        sql`select pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not t.tgisinternal order by c.relname, t.tgname`,
      );
      const installed = new Map<string, string>();
      for (const f of functions) installed.set(`${f.name}.sql`, `${installed.get(`${f.name}.sql`) ?? ""}${f.def.trim()};\n`);
      installed.set("triggers.sql", triggers.map((t) => `${t.def};\n`).join(""));
      if (process.env.UPDATE_ROUTINES === "1") {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        for (const [file, text] of installed)
          writeFileSync(
            path.join(dir, file),
            `-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.\n${text}`,
          );
      }
      const onDisk = existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith(".sql"))
            .sort()
        : [];
      expect(onDisk).toEqual([...installed.keys()].sort());
      for (const [file, text] of installed) {
        const written = readFileSync(path.join(dir, file), "utf8").replace(/^--[^\n]*\n/, "");
        expect(written, `${file} differs from what the migrations install: write the migration, then UPDATE_ROUTINES=1`).toBe(text);
      }
    },
  );
});
