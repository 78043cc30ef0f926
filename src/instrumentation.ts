// Next calls register() once per server process before serving requests; this
// is where the database is opened, migrated and seeded. `next build` never
// calls it, so the build never touches the embedded database.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("./server/ops/boot");
    await boot();
  }
}
