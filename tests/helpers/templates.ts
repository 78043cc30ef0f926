// Runs once per test project: builds a migrated template that every test file
// copies, so each file starts from an empty, fully migrated database quickly.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";

const root = path.resolve(import.meta.dirname, "../..");
export const PGLITE_TEMPLATE = path.join(root, ".tmp", "pglite-template.tar.gz");

type Provide = { provide: (key: string, value: string) => void };
const migrationsFolder = path.join(root, "drizzle");

export async function setupPostgresTemplate({ provide }: Provide) {
  {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const templateName = `takes_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${templateName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.end();
    provide("pgTemplate", templateName);
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }
}

export async function setupPgliteTemplate({ provide }: Provide) {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  const file = `${PGLITE_TEMPLATE}.${process.pid}`;
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  provide("pgliteTemplate", file);
  return undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
