"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { safeRedirectPath } from "@/domain/safe-redirect";
import { useSession } from "@/components/shell/session";
import { useSignOut } from "@/components/shell/use-sign-out";
import { Button, buttonClass } from "@/components/ui/button";
import { PhoneCodeForm } from "./phone-code-form";

const CARD = "rounded-2xl bg-surface p-5 shadow-sm sm:p-6";
const TITLE = "mb-4 text-2xl font-extrabold tracking-tight";

/** The /login card (docs/SCREENS.md §2.12): loading, already signed in, or the two sign-in steps. */
export function LoginPageCard({ redirect, sessionRequired }: { redirect: string | null; sessionRequired: boolean }) {
  const { data, status } = useSession();
  const signOutHome = useSignOut("/?logout=1");
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);

  if (status === "loading" || leaving) {
    return (
      <section className={CARD} aria-busy="true">
        <h1 className={TITLE}>Phone Login</h1>
        <p role="status" className="text-muted">
          Loading...
        </p>
      </section>
    );
  }

  if (status === "authenticated" && data) {
    const handle = data.user.profileID;
    return (
      <section className={CARD}>
        <h1 className={TITLE}>You&apos;re already logged in</h1>
        <p>
          Logged in as <strong>@{handle}</strong>.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link href={`/profile/${encodeURIComponent(handle)}`} className={buttonClass("primary")}>
            View Profile
          </Link>
          <Button variant="secondary" onClick={signOutHome}>
            Log Out
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={CARD}>
      <h1 className={TITLE}>Phone Login</h1>
      <PhoneCodeForm
        sendLabel="Send Code"
        verifyLabel="Verify & Log In"
        notice={sessionRequired ? "Please log in to continue." : undefined}
        onSignedIn={() => {
          setLeaving(true);
          router.replace(safeRedirectPath(redirect, window.location.origin));
        }}
      />
    </section>
  );
}
