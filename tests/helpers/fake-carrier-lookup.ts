import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Twilio Lookup v2 on a local port: `GET /v2/PhoneNumbers/{E164}?Fields=line_type_intelligence`
 * answers the line type set with `setLine` (mobile by default) as Twilio shapes it. `failWith(status)`
 * answers an error, `hang(true)` never answers (a lookup slower than any timeout). Records every request.
 */
export async function startFakeCarrierLookup() {
  const lines = new Map<string, { type: string; countryCode?: string }>();
  const requests: Array<{ path: string; phone: string; authorization: string | undefined }> = [];
  const state = { failWith: null as number | null, hang: false };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-lookup");
    const phone = decodeURIComponent(url.pathname.replace(/^\/v2\/PhoneNumbers\//, ""));
    requests.push({ path: `${url.pathname}${url.search}`, phone, authorization: req.headers.authorization });
    if (state.hang) return;
    res.setHeader("content-type", "application/json");
    if (state.failWith) {
      res.statusCode = state.failWith;
      res.end(JSON.stringify({ code: 20500, message: "Internal Server Error", status: state.failWith }));
      return;
    }
    const line = lines.get(phone) ?? { type: "mobile" };
    res.end(
      JSON.stringify({
        calling_country_code: "1",
        country_code: line.countryCode ?? "US",
        phone_number: phone,
        national_format: phone,
        valid: true,
        line_type_intelligence: {
          carrier_name: "Fake Carrier",
          error_code: null,
          mobile_country_code: "310",
          mobile_network_code: "456",
          type: line.type,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** The line type (and country) the lookup reports for an E.164 number. */
    setLine(phone: string, type: string, countryCode = "US") {
      lines.set(phone, { type, countryCode });
    },
    failWith(status: number | null) {
      state.failWith = status;
    },
    hang(on: boolean) {
      state.hang = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
