import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

// A real streaming replica of the test PostgreSQL (docs/decisions/032-read-replica.md): a second
// cluster made with pg_basebackup from the primary, on its own port, replaying with an artificial
// apply delay. It needs the primary to accept replication connections from 127.0.0.1
// (`host replication all 127.0.0.1/32 trust` in pg_hba.conf, which .ci/run adds) and PostgreSQL's
// programs; run as root, the replica's server runs as the `postgres` user.

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export interface StreamingReplica {
  port: number;
  /** `databaseUrl` with the replica's port: the same database, read from the replica. */
  urlFor(databaseUrl: string): string;
  stop(): Promise<void>;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs as the postgres user (we are root in CI) or as ourselves. */
async function pgProgram(program: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const [command, commandArgs] = asRoot()
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN, program), ...args]]
    : [path.join(BIN, program), args];
  const { stdout } = await run(command, commandArgs, { timeout: timeoutMs });
  return stdout;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Why a replica cannot be made here, or null when it can: no primary URL, no permission to run
 * the server as `postgres`, or a primary that refuses replication connections from 127.0.0.1.
 */
export async function replicaUnavailableReason(primaryUrl: string | undefined): Promise<string | null> {
  if (!primaryUrl) return "TEST_DATABASE_URL is not set: the replica test needs a real PostgreSQL server";
  if (!asRoot() && process.env.USER !== "postgres")
    return "the replica's server runs as the postgres user: run the test as root or postgres";
  try {
    const [rule] = await query<{ n: number }>(
      primaryUrl,
      `select count(*)::int as n from pg_hba_file_rules
        where type = 'host' and 'replication' = any(database) and address = '127.0.0.1' and auth_method = 'trust'`,
    );
    if (!rule?.n)
      return "the primary refuses replication connections: add `host replication all 127.0.0.1/32 trust` to pg_hba.conf and reload (.ci/run does)";
  } catch (error) {
    return `cannot read the primary's pg_hba rules: ${(error as Error).message}`;
  }
  return null;
}

/**
 * Makes and starts the replica: pg_basebackup of the whole primary cluster into a temporary
 * directory owned by postgres, `-R` for its standby settings, then the server on `port` with
 * `recovery_min_apply_delay`. Resolves once it answers queries in recovery.
 */
export async function startStreamingReplica(options: { primaryUrl: string; port: number; applyDelay: string }): Promise<StreamingReplica> {
  const primary = new URL(options.primaryUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "takes-replica-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const owner = asRoot()
    ? await run("id", ["-u", "postgres"]).then(async ({ stdout }) => ({
        uid: Number(stdout),
        gid: Number((await run("id", ["-g", "postgres"])).stdout),
      }))
    : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const stop = async () => {
    await pgProgram("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The primary's settings that a hot standby must match or exceed.
    const limits = await query<{ name: string; setting: string }>(
      options.primaryUrl,
      `select name, setting from pg_settings
        where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    await pgProgram("pg_basebackup", [
      "-h",
      primary.hostname,
      "-p",
      primary.port || "5432",
      "-U",
      decodeURIComponent(primary.username || "postgres"),
      "-D",
      dataDir,
      "-X",
      "stream",
      "-R",
      "-c",
      "fast",
      "--no-sync",
    ]);
    // Debian keeps postgresql.conf and pg_hba.conf outside the data directory: the copy has neither.
    const conf = [
      `port = ${options.port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "hot_standby = on",
      `recovery_min_apply_delay = '${options.applyDelay}'`,
      "shared_buffers = '32MB'",
      "fsync = off",
      "logging_collector = off",
      ...limits.map((row) => `${row.name} = ${row.setting}`),
    ];
    const asPostgres = (file: string, text: string) => {
      writeFileSync(file, text);
      if (owner) chownSync(file, owner.uid, owner.gid);
    };
    asPostgres(path.join(dataDir, "postgresql.conf"), `${conf.join("\n")}\n`);
    asPostgres(path.join(dataDir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
    await pgProgram("pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "start"]).catch((error: Error) => {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "(no log)";
      throw new Error(`the replica did not start on port ${options.port}: ${error.message}\n${log}`);
    });
    const url = new URL(options.primaryUrl);
    url.port = String(options.port);
    url.pathname = "/postgres";
    const [state] = await query<{ recovering: boolean }>(url.toString(), "select pg_is_in_recovery() as recovering");
    if (!state?.recovering) throw new Error("the replica is not in recovery");
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port: options.port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.port = String(options.port);
      return url.toString();
    },
    stop,
  };
}
