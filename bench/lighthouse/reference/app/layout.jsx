// The reference page of bench/lighthouse (docs/decisions/048-hosts-with-slow-memory.md): the least a
// Next.js App Router page can be, so its score measures the host and the framework, not our product.
export const metadata = { title: "Reference" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
