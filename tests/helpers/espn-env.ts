import { resetServerEnvCache } from "@/env";
import { startEspnServer, type EspnReplayServer } from "./espn-server";

/** Starts the ESPN replay server and points the app's ESPN_BASE_URL / ESPN_CORE_BASE_URL at it. */
export async function useEspnReplay(): Promise<EspnReplayServer> {
  const server = await startEspnServer();
  process.env.ESPN_BASE_URL = server.siteBaseUrl;
  process.env.ESPN_CORE_BASE_URL = server.coreBaseUrl;
  resetServerEnvCache();
  return server;
}
