"use client";

import Link from "@/components/ui/link";
import { AlertLine } from "@/components/ui/alert-line";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { formatPhoneMask, isCompletePhone, normalizePhoneInput } from "@/domain/phone";
import {
  CODE_REQUIRED,
  INVALID_CODE,
  SEND_CODE_FAILED,
  SESSION_NOT_FOUND,
  signInErrorMessage,
  tooManyAttemptsMessage,
} from "@/domain/sign-in";
import { useSession, type SessionData } from "@/components/shell/session";
import { signInWithCode } from "./sign-in-with-code";
import { Button } from "@/components/ui/button";
import { VSendCodeRefusal } from "@/domain/schemas/session";
import { checkWith } from "@/domain/schemas/standard";

const RESEND_WAIT_MS = 30_000;

const FIELD =
  "mt-1 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-lg tabular text-ink placeholder:text-muted focus:border-accent aria-[invalid=true]:border-lost";

/** Whole seconds until `at` (0 once passed), re-rendering every second while it is in the future. */
function useSecondsUntil(at: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The two sign-in steps shared by /login and the login dialogs: a masked US
 * phone number, then the texted 6-digit code (docs/PRODUCT.md §14, docs/SCREENS.md
 * §2.12). Calls `onSignedIn` with the new session once it is readable; the
 * form stays busy until what it returns has settled.
 */
export function PhoneCodeForm({
  sendLabel,
  verifyLabel,
  onSignedIn,
  onBusyChange,
  notice,
}: {
  /** "Send Code" on the page, "Next" in dialogs. */
  sendLabel: string;
  verifyLabel: string;
  onSignedIn: (session: SessionData) => void | Promise<void>;
  onBusyChange?: (busy: boolean) => void;
  /** A line shown above the form, e.g. "Please log in to continue.". */
  notice?: ReactNode;
}) {
  const { update } = useSession();
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusyState] = useState<"sending" | "verifying" | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendSeconds = useSecondsUntil(resendAt);
  const phoneInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const errorId = `${ids}-error`;

  const setBusy = (value: typeof busy) => {
    setBusyState(value);
    onBusyChange?.(value !== null);
  };

  useEffect(() => {
    (step === "code" ? codeInput : phoneInput).current?.focus();
  }, [step]);

  const onPhoneChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const digits = normalizePhoneInput(typed);
    // Deleting a mask character ("(", ")", " ", "-") should delete the digit before it.
    const deletedMaskOnly = typed.length < formatPhoneMask(phone).length && digits === phone;
    setPhone(deletedMaskOnly ? phone.slice(0, -1) : digits);
  };

  async function sendCode(): Promise<boolean> {
    setBusy("sending");
    setError(null);
    try {
      const response = await fetch("/api/sendCode", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ phone }),
      });
      if (response.ok) {
        setResendAt(Date.now() + RESEND_WAIT_MS);
        return true;
      }
      if (response.status === 429) {
        const refusal = checkWith(VSendCodeRefusal, await response.json().catch(() => ({})));
        const seconds =
          Number(response.headers.get("Retry-After") ?? (refusal.ok ? refusal.value.retryAfter : undefined)) || RESEND_WAIT_MS / 1000;
        setError(tooManyAttemptsMessage(seconds));
        setResendAt(Date.now() + seconds * 1000);
        return false;
      }
      // A number the carrier lookup says is not a mobile: the server's sentence says why (docs/PRODUCT.md §1).
      const refusal = checkWith(VSendCodeRefusal, await response.json().catch(() => ({})));
      setError(refusal.ok && refusal.value.code === "LINE_NOT_MOBILE" && refusal.value.error ? refusal.value.error : SEND_CODE_FAILED);
      return false;
    } catch {
      setError(SEND_CODE_FAILED);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function onSubmitPhone(event: FormEvent) {
    event.preventDefault();
    if (!isCompletePhone(phone) || busy) return;
    if (await sendCode()) {
      setCode("");
      setStep("code");
    }
  }

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^[0-9]{6}$/.test(code)) {
      setError(CODE_REQUIRED);
      codeInput.current?.focus();
      return;
    }
    setBusy("verifying");
    setError(null);
    try {
      const result = await signInWithCode(phone, code);
      if (!result.ok) {
        setError(signInErrorMessage(result.error ?? ""));
        return;
      }
      const session = await update();
      if (!session) {
        setError(SESSION_NOT_FOUND);
        return;
      }
      await onSignedIn(session);
    } catch {
      setError(INVALID_CODE);
    } finally {
      setBusy(null);
    }
  }

  async function onResend() {
    if (busy || resendSeconds > 0) return;
    if (await sendCode()) {
      setCode("");
      codeInput.current?.focus();
    }
  }

  const describedBy = error ? errorId : undefined;
  return (
    <div>
      {notice ? <p className="mb-3 font-semibold text-ink">{notice}</p> : null}
      <AlertLine message={error} id={errorId} box className="mb-3" />
      {step === "phone" ? (
        <form onSubmit={onSubmitPhone} noValidate>
          <label htmlFor={`${ids}-phone`} className="block font-semibold">
            Enter your phone:
          </label>
          <input
            ref={phoneInput}
            id={`${ids}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(555) 555-1234"
            value={formatPhoneMask(phone)}
            onChange={onPhoneChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={FIELD}
          />
          <Button type="submit" className="mt-4 w-full" disabled={!isCompletePhone(phone) || busy !== null}>
            {busy === "sending" ? "Sending..." : sendLabel}
          </Button>
          {/* The agreement a player accepts by signing in (docs/SCREENS.md §2.14). */}
          <p className="mt-3 text-center text-xs text-muted">
            By signing in you agree to the{" "}
            <Link href="/terms" className="font-semibold text-accent underline">
              Terms
            </Link>{" "}
            and{" "}
            <Link href="/privacy" className="font-semibold text-accent underline">
              Privacy Policy
            </Link>
            .
          </p>
        </form>
      ) : (
        <form onSubmit={onSubmitCode} noValidate>
          <label htmlFor={`${ids}-code`} className="block font-semibold">
            Enter the 6-digit code:
          </label>
          <p id={`${ids}-sent-to`} className="text-sm text-muted">
            Sent to {formatPhoneMask(phone)}
          </p>
          <input
            ref={codeInput}
            id={`${ids}-code`}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="123456"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            aria-invalid={error ? true : undefined}
            aria-describedby={[describedBy, `${ids}-sent-to`].filter(Boolean).join(" ")}
            className={`${FIELD} tracking-[0.3em]`}
          />
          <Button type="submit" className="mt-4 w-full" disabled={busy !== null}>
            {busy === "verifying" ? "Verifying..." : verifyLabel}
          </Button>
          <div className="mt-2 flex flex-wrap justify-between gap-x-2">
            <Button variant="ghost" className="px-3" onClick={() => void onResend()} disabled={busy !== null || resendSeconds > 0}>
              {resendSeconds > 0 ? `Resend in ${resendSeconds}s` : "Resend code"}
            </Button>
            <Button
              variant="ghost"
              className="px-3"
              disabled={busy !== null}
              onClick={() => {
                setError(null);
                setStep("phone");
              }}
            >
              Change number
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
