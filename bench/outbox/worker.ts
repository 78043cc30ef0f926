// One delivery worker of the outbox benchmark (bench/outbox/main.ts): the product's text delivery
// loop in a process of its own, as `npm run worker` runs it, against the database and the
// Twilio-compatible server named in its environment. Stops, recording what it claimed, on SIGTERM.
import { startTextDelivery } from "@/server/notifications/delivery-loop";
import { closeDb } from "@/server/db/client";

const stop = startTextDelivery();
process.send?.("ready");
process.on("SIGTERM", () => {
  void stop()
    .then(() => closeDb())
    .finally(() => process.exit(0));
});
