"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { usePathname } from "next/navigation";

// Only a URL check ships with every page; the flow itself loads when `?card=` is there.
const CardFlow = lazy(() => import("@/components/awards/card-flow"));

/** The `?card={code}` handler of docs/SCREENS.md §5, mounted once in the shell. */
export function CardParamHandler() {
  const pathname = usePathname();
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(new URLSearchParams(window.location.search).get("card")), [pathname]);
  if (!code) return null;
  return (
    <Suspense fallback={null}>
      <CardFlow key={`${pathname}:${code}`} code={code} onDone={() => setCode(null)} />
    </Suspense>
  );
}
