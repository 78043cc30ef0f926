"use client";

import Link from "@/components/ui/link";
import { AlertCircle } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CardImage } from "@/components/awards/card-image";
import { AWARD_MESSAGES, formatDiamonds } from "@/domain/awards";
import type { DialogComponentProps } from "./dialog-types";

export interface AwardSuccessProps {
  form: "added" | "already" | "unavailable";
  name: string;
  tokens: number;
  imageUrl?: string | null;
  teamSlug?: string | null;
}

const TITLES = { added: "Bonus added!", already: "Bonus already claimed", unavailable: "Bonus status" } as const;

/** The claim's result: added, already claimed, or unavailable (docs/SCREENS.md §4.3). */
export default function AwardSuccessDialog({ props, close }: DialogComponentProps<AwardSuccessProps>) {
  const diamonds = formatDiamonds(props.tokens);
  const teamHref = props.teamSlug ? `/teams/${encodeURIComponent(props.teamSlug)}` : null;
  return (
    <Dialog
      title={TITLES[props.form]}
      actions={
        <>
          {teamHref ? (
            <>
              <Link href={teamHref} onClick={() => close()} className={buttonClass("secondary")}>
                Go to Team
              </Link>
              <Link
                href={`/marketplace?teamSlug=${encodeURIComponent(props.teamSlug!)}`}
                onClick={() => close()}
                className={buttonClass("secondary")}
              >
                Team Marketplace
              </Link>
            </>
          ) : (
            <Link href="/marketplace" onClick={() => close()} className={buttonClass("secondary")}>
              Marketplace
            </Link>
          )}
          <Button onClick={() => close()} data-autofocus>
            Close
          </Button>
        </>
      }
    >
      <CardImage src={props.imageUrl} />
      {props.form === "unavailable" ? (
        <p role="alert" className="flex items-center justify-center gap-2 font-semibold text-lost">
          <AlertCircle size={18} aria-hidden="true" />
          {AWARD_MESSAGES.alreadyOrUnavailable}
        </p>
      ) : (
        <p role="status" className="text-center text-lg font-bold">
          {props.form === "added"
            ? `You received +${diamonds} diamonds from ${props.name}.`
            : `You already claimed +${diamonds} diamonds from ${props.name}.`}
        </p>
      )}
    </Dialog>
  );
}
