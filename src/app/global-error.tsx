"use client";

/**
 * The last resort: shown only when the root layout itself fails, so it renders its own
 * <html> and cannot use the layout's stylesheet. It imports no CSS on purpose: Next
 * serialises the global error's stylesheet into every page's payload, and with the
 * default one that was the whole site stylesheet a second time (46 kB in each page's
 * inline scripts, parsed on every load: docs/decisions/023-load-budget.md). The few
 * styles it needs are inline.
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: "system-ui, sans-serif", background: "#f6f7fb", color: "#0b1426" }}>
        <main style={{ maxWidth: 480, margin: "0 auto", padding: "64px 16px", textAlign: "center" }}>
          <title>Something went wrong | Takes</title>
          <h1 style={{ fontSize: 30, fontWeight: 800, margin: 0 }}>Something went wrong</h1>
          <p style={{ marginTop: 12, color: "#4b5563" }}>Please try again in a moment.</p>
          <button
            type="button"
            onClick={() => reset()}
            style={{
              marginTop: 24,
              minHeight: 44,
              padding: "0 20px",
              border: 0,
              borderRadius: 12,
              background: "#2563eb",
              color: "#fff",
              fontWeight: 700,
              fontSize: 16,
              cursor: "pointer",
            }}
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
