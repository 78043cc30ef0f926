import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const port = process.env.E2E_PORT ?? "3210";
const runDir = path.join(root, ".tmp", `e2e-${port}`);
// The admin browser test replays recorded ESPN answers from a local server two ports up (boot.spec uses +1).
const espnPort = String(Number(port) + 2);

/** One place for the browser tests' server settings, shared by the config and the tests. */
export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  runDir,
  smsLogFile: path.join(runDir, "sms.log"),
  adminPhone: "5555550100",
  espnPort,
  serverEnv: {
    PORT: port,
    DATA_DIR: path.join(runDir, "data"),
    // The browser tests play in the demo world; production servers seed only when asked.
    SEED_ON_START: "1",
    SMS_TRANSPORT: "log",
    SMS_ALLOW_LOG_IN_PRODUCTION: "1",
    SMS_LOG_FILE: path.join(runDir, "sms.log"),
    NEXTAUTH_SECRET: "e2e-secret-0123456789abcdef0123456789",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    ADMIN_PHONES: "5555550100",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    // The tests play our one trusted proxy: each test client says its address in X-Forwarded-For.
    TRUSTED_PROXY_HOPS: "1",
    ESPN_BASE_URL: `http://127.0.0.1:${espnPort}/apis/site/v2/sports`,
    ESPN_CORE_BASE_URL: `http://127.0.0.1:${espnPort}/v2/sports`,
  } as Record<string, string>,
};
