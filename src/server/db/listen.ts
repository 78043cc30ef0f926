import "server-only";
import pg from "pg";
import { errorFields, log } from "@/server/ops/log";

/** A channel this process listens to; close() stops listening and frees its connection. */
export interface Listening {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotice(payload: string): void;
  /**
   * Called each time listening (re)starts, the first time included: notices sent while the
   * connection was down are lost, so the listener reads what it missed from the database.
   */
  onListening(): void;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on PostgreSQL over one connection of its own, outside the pool (a pooled connection
 * would be handed to queries and lose the registration), reconnecting with backoff when the
 * connection drops (a restart, a failover, an idle timeout); docs/decisions/053-game-day-live.md.
 */
export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Listening {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotice(message.payload);
    });
    next.on("error", (error) => {
      log("warn", "database listener lost its connection", { channel, ...errorFields(error) });
      void next.end().catch(() => undefined);
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void (await next.end());
      retryMs = FIRST_RETRY_MS;
      handlers.onListening();
    } catch (error) {
      log("warn", "database listener could not connect", { channel, retryMs, ...errorFields(error) });
      void next.end().catch(() => undefined);
      retry();
    }
  };
  const retry = () => {
    if (closed || timer) return;
    client = null;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
