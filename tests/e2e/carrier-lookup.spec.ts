import path from "node:path";
import { expect, test } from "@playwright/test";
import { startFakeCarrierLookup } from "../helpers/fake-carrier-lookup";
import { BASE_PORT } from "./env";
import { expectAccessible } from "./helpers";
import { freshRunDir, startAppServer, stopServer, waitUntilHealthy, type AppServer } from "./spawn-server";

// Sign-in with a carrier lookup configured (docs/PRODUCT.md §1, docs/decisions/059-fair-play.md): the
// production build on an embedded database of its own, with CARRIER_LOOKUP_URL pointing at a local
// stand-in for Twilio Lookup v2 that calls one number a landline.

const port = BASE_PORT + 24;
const LANDLINE = "5550177001";
const MOBILE = "5550177002";

let server: AppServer | undefined;
let lookup: Awaited<ReturnType<typeof startFakeCarrierLookup>> | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.19.7.1" } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  lookup = await startFakeCarrierLookup();
  lookup.setLine(`+1${LANDLINE}`, "landline");
  const runDir = freshRunDir("carrier-lookup");
  server = startAppServer({
    port,
    databaseUrl: "",
    runDir,
    env: {
      DATA_DIR: path.join(runDir, "data"),
      CARRIER_LOOKUP_URL: lookup.baseUrl,
      CARRIER_LOOKUP_USERNAME: "AC00000000000000000000000000000042",
      CARRIER_LOOKUP_PASSWORD: "lookup-secret",
    },
  });
  await waitUntilHealthy(server);
});

test.afterAll(async () => {
  await stopServer(server);
  await lookup?.close();
});

test("the sign-in form says a landline can't receive our texts and asks for a mobile; a mobile gets its code", async ({ page }) => {
  await page.goto(`${server!.baseURL}/login`);
  const phoneField = page.getByLabel("Enter your phone:");
  await phoneField.pressSequentially(LANDLINE);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText(
    "This number can't receive texts from us: it looks like a landline. Use a mobile number.",
  );
  await expect(page.getByLabel("Enter the 6-digit code:")).toHaveCount(0);
  await expectAccessible(page);

  await phoneField.fill("");
  await phoneField.pressSequentially(MOBILE);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByLabel("Enter the 6-digit code:")).toBeVisible();
  expect(lookup!.requests.map((request) => request.phone)).toEqual([`+1${LANDLINE}`, `+1${MOBILE}`]);
});
