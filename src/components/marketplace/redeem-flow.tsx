"use client";

import { AlertBox } from "@/components/ui/alert-box";
import { CheckboxLabel } from "@/components/ui/checkbox-label";
import Link from "@/components/ui/link";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useModal } from "@/components/dialogs/modal-context";
import type { RedemptionSucceeded } from "@/components/dialogs/exchange-confirm-dialog";
import { announceBalanceChanged } from "@/components/shell/balance-events";
import { Button, buttonClass } from "@/components/ui/button";
import { SHIPPING_COUNTRIES, redemptionContactSchema } from "@/domain/schemas/marketplace";
import { CopyCodeButton } from "./copy-code-button";

type FieldName = "fullName" | "email" | "street" | "city" | "state" | "zip" | "country";
type Values = Record<FieldName, string>;
const EMPTY: Values = { fullName: "", email: "", street: "", city: "", state: "", zip: "", country: "" };

const INPUT =
  "min-h-11 w-full rounded-xl border border-line bg-surface px-3 py-2 text-base text-ink focus-visible:border-accent aria-[invalid=true]:border-lost";

/**
 * The redeem form and its success screen (docs/SCREENS.md §2.6). Checks the
 * contact with the same schema as the server, confirms with exchangeConfirm,
 * then shows the code and refreshes the header balance.
 */
export function RedeemFlow({
  item,
  selectedItem,
}: {
  item: { itemID: string; itemName: string; itemTokens: number; requiresShipping: boolean };
  /** The "Selected Item" box, rendered on the server. */
  selectedItem: ReactNode;
}) {
  const { openModal } = useModal();
  const [values, setValues] = useState<Values>(EMPTY);
  const [agreed, setAgreed] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [redemption, setRedemption] = useState<RedemptionSucceeded | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const idBase = useId();
  const fieldId = (name: FieldName) => `${idBase}-${name}`;
  const errorId = (name: FieldName) => `${idBase}-${name}-error`;

  useEffect(() => {
    if (redemption) successHeading.current?.focus();
  }, [redemption]);

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    // Unknown fields are dropped by the schema: an item that does not ship keeps no address.
    const parsed = redemptionContactSchema(item.requiresShipping).safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        fieldErrors[name] ??= issue.message;
      }
      setErrors(fieldErrors);
      const first = Object.keys(EMPTY).find((name) => fieldErrors[name as FieldName]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first as FieldName))}`)?.focus();
      return;
    }
    setErrors({});
    const result = await openModal("exchangeConfirm", {
      itemID: item.itemID,
      itemName: item.itemName,
      itemTokens: item.itemTokens,
      contact: parsed.data,
    });
    if (result?.status === "redeemed") {
      setRedemption(result);
      announceBalanceChanged();
    } else if (result?.status === "failed") {
      setServerError(result.error);
    }
  };

  if (redemption) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 ref={successHeading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight outline-none">
          Redemption Submitted
        </h1>
        <p role="status" className="flex items-start gap-2 rounded-xl bg-won-tint p-4 font-semibold text-won">
          <CheckCircle2 size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
          Your redemption request has been submitted successfully! We&apos;ll process your request and contact you with further details.
        </p>
        <section aria-label={`Your code for ${redemption.itemName}`} className="rounded-2xl bg-surface p-5 shadow-sm">
          <p className="text-sm text-muted">{redemption.itemName}</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code data-testid="redemption-code" className="break-all font-mono text-2xl font-bold tracking-wider sm:text-3xl">
              {redemption.code}
            </code>
            <CopyCodeButton code={redemption.code} />
          </div>
        </section>
        <div className="flex flex-wrap gap-3">
          <Link href="/" className={buttonClass("secondary")}>
            Back to Home
          </Link>
          <Link href="/marketplace" className={buttonClass("primary")}>
            Submit Another Request
          </Link>
        </div>
      </div>
    );
  }

  const field = (name: FieldName, label: string, input: ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId(name)} className="text-sm font-semibold">
        {label}
      </label>
      {input}
      {errors[name] ? (
        <p id={errorId(name)} className="flex items-center gap-1 text-sm font-semibold text-lost">
          <AlertCircle size={14} aria-hidden="true" />
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const textInput = (name: FieldName, autoComplete: string, type = "text") => (
    <input
      id={fieldId(name)}
      type={type}
      value={values[name]}
      onChange={set(name)}
      autoComplete={autoComplete}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? errorId(name) : undefined}
      className={INPUT}
    />
  );

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <h1 className="text-3xl font-extrabold tracking-tight">Redeem Prize</h1>
      {selectedItem}
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          {field("fullName", "Full Name", textInput("fullName", "name"))}
          {field("email", "Email Address *", textInput("email", "email", "email"))}
        </div>
        {item.requiresShipping ? (
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="sr-only">Shipping address</legend>
            <div className="md:col-span-2">{field("street", "Street Address *", textInput("street", "street-address"))}</div>
            {field("city", "City *", textInput("city", "address-level2"))}
            {field("state", "State/Province *", textInput("state", "address-level1"))}
            {field("zip", "ZIP/Postal Code *", textInput("zip", "postal-code"))}
            {field(
              "country",
              "Country *",
              <select
                id={fieldId("country")}
                value={values.country}
                onChange={set("country")}
                autoComplete="country-name"
                aria-invalid={errors.country ? true : undefined}
                aria-describedby={errors.country ? errorId("country") : undefined}
                className={INPUT}
              >
                <option value="">Select Country</option>
                {SHIPPING_COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {country}
                  </option>
                ))}
              </select>,
            )}
          </fieldset>
        ) : null}
        <CheckboxLabel className="flex min-h-11 items-center gap-3 text-sm" checked={agreed} onChange={setAgreed}>
          I agree to the Terms and Privacy Policy.
        </CheckboxLabel>
        <p className="-mt-2 text-xs text-muted">
          Read the{" "}
          <Link href="/terms" className="font-semibold text-accent underline">
            Terms
          </Link>{" "}
          and the{" "}
          <Link href="/privacy" className="font-semibold text-accent underline">
            Privacy Policy
          </Link>
          .
        </p>
        <AlertBox message={serverError} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!agreed}>
            Submit Redemption Request
          </Button>
          <Link href="/marketplace" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
