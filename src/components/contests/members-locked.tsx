"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { Lock } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import { Button } from "@/components/ui/button";

/**
 * What a browser without members access sees on the contests pages
 * (docs/SCREENS.md §2.7); the membersAccess dialog opens at once and comes back
 * to this page once the password is accepted.
 */
export function MembersLocked() {
  const { openModal } = useModal();
  const pathname = usePathname() ?? "/contests";
  const opened = useRef(false);
  const ask = () => void openModal("membersAccess", { passwordID: "beta-members", redirectTo: pathname });

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Open once per mount; the button reopens it.
  }, []);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <Lock size={32} aria-hidden="true" className="text-muted" />
      <h1 className="text-3xl font-extrabold tracking-tight">Contests</h1>
      <p className="text-muted">Contests are for members.</p>
      <Button onClick={ask}>Enter password</Button>
    </div>
  );
}
