import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redact } from "./log";

afterEach(() => vi.restoreAllMocks());

describe("log lines", () => {
  it("mask a phone number however it is written, and leave other numbers alone", () => {
    expect(redact("texting +15555550101 now")).toBe("texting [phone] now");
    expect(redact("call (555) 555-0101 or 555.555.0101 or 5555550101")).toBe("call [phone] or [phone] or [phone]");
    expect(redact("espn event 401695826, epoch 1795700000020, id 3f1c2a9e-0b6d-4c57-9a2e-5f1d2c3b4a59")).toBe(
      "espn event 401695826, epoch 1795700000020, id 3f1c2a9e-0b6d-4c57-9a2e-5f1d2c3b4a59",
    );
  });

  it("drop a text's body, numbers and credentials at any depth, and keep error codes", () => {
    expect(
      redact({
        to: "+15555550101",
        body: "Your Takes code is 424242.",
        nested: { password: "hunter2", note: "for 555-555-0101" },
        code: "CLIENT_SESSION_ERROR",
      }),
    ).toEqual({
      to: "[redacted]",
      body: "[redacted]",
      nested: { password: "[redacted]", note: "for [phone]" },
      code: "CLIENT_SESSION_ERROR",
    });
  });

  it("are written redacted", () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    log("info", "sent to +15555550101", { phone: "+15555550101", body: "Your Takes code is 424242." });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/5555550101|424242/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "sent to [phone]", phone: "[redacted]", body: "[redacted]" });
  });
});
