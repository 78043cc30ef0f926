import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoadState, useApiQuery, type ApiQueryState } from "./use-api-query";
import type { StandardSchema } from "@/domain/schemas/standard";

const list = (state: ApiQueryState<string[]>, extra: Partial<Parameters<typeof LoadState<string[]>>[0]> = {}) =>
  renderToStaticMarkup(
    <LoadState state={state} isEmpty={(rows) => rows.length === 0} empty="Nothing yet." {...extra}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </LoadState>,
  );

describe("a screen's read of an API shown through <LoadState>", () => {
  it("says it is loading in a status line, with the screen's own words when it has them", () => {
    expect(list({ status: "loading" })).toContain('role="status"');
    expect(list({ status: "loading" })).toContain("Loading…");
    expect(list({ status: "loading" }, { loading: "Loading packs..." })).toContain("Loading packs...");
  });

  it("shows the server's message as an alert, or the screen's own words for it, and Try again only with a retry", () => {
    const failed: ApiQueryState<string[]> = { status: "error", error: "Takes on this pack stay private until it closes.", httpStatus: 403 };
    expect(list(failed)).toContain('role="alert"');
    expect(list(failed)).toContain("Takes on this pack stay private until it closes.");
    expect(list(failed)).not.toContain("Try again");
    expect(list(failed, { error: (_, status) => (status === 404 ? "Not found" : "Failed to load") })).toContain("Failed to load");
    expect(list(failed, { onRetry: () => undefined })).toContain("Try again");
  });

  it("shows the empty line when there is nothing to list, else the rows", () => {
    expect(list({ status: "ready", data: [] })).toBe('<p class="py-6 text-center text-muted">Nothing yet.</p>');
    expect(list({ status: "ready", data: ["a", "b"] })).toBe("<ul><li>a</li><li>b</li></ul>");
  });

  it("starts loading, with nothing read before the screen runs in the browser", () => {
    const never: StandardSchema<unknown, string[]> = {
      "~standard": {
        version: 1,
        vendor: "test",
        validate: () => {
          throw new Error("not read on the server");
        },
      },
    };
    function Reader({ url }: { url: string | null }) {
      const query = useApiQuery(url, { schema: never });
      return <LoadState state={query.state}>{(rows) => rows.join()}</LoadState>;
    }
    expect(renderToStaticMarkup(<Reader url="/api/anything" />)).toContain("Loading…");
    expect(renderToStaticMarkup(<Reader url={null} />)).toContain("Loading…");
  });
});
