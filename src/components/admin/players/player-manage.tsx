"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useModal } from "@/components/dialogs/modal-context";
import { adjustmentConfirmMessage, adjustmentRefusal, formatDiamondCents, type AdminPlayerDetail } from "@/domain/admin-players";
import { apiFetch } from "@/components/api/api-fetch";
import { ZCommissionerAnswer, ZSuspensionAnswer } from "@/domain/schemas/admin-players";
import { ZLedgerAdjustmentAnswer } from "@/domain/schemas/grading";
import { ReasonedChange } from "./reasoned-change";
import { cardClass, Field, InlineOutcome, Input } from "@/components/admin/hub/admin-ui";

type Message = { text: string; error: boolean } | null;

/** "Adjust balance" and "Suspend player" / "Restore player" on the admin player page (docs/SCREENS.md §3.13), each confirmed first. */
export function PlayerManage({ player }: { player: AdminPlayerDetail }) {
  const id = useId();
  const router = useRouter();
  const { openModal } = useModal();
  const [diamonds, setDiamonds] = useState("");
  const [adjustReason, setAdjustReason] = useState("");
  const [adjusting, setAdjusting] = useState(false);
  const [adjustMessage, setAdjustMessage] = useState<Message>(null);

  const adjust = async () => {
    const amount = Number(diamonds.trim());
    const cents = Math.round(amount * 100);
    if (!diamonds.trim() || !Number.isFinite(amount) || cents === 0 || Math.abs(amount * 100 - cents) > 1e-6) {
      return setAdjustMessage({ text: "Enter a non-zero number of diamonds (at most two decimals).", error: true });
    }
    if (adjustReason.trim().length < 3) return setAdjustMessage({ text: "Give a reason (3 characters at least).", error: true });
    // Refused here, before "Are you sure?", as the server would refuse it after (issue 41 item 7).
    const refusal = adjustmentRefusal(cents, player.balanceCents);
    if (refusal) return setAdjustMessage({ text: refusal, error: true });
    setAdjustMessage(null);
    const confirmed = await openModal("confirm", {
      title: "Adjust balance",
      message: adjustmentConfirmMessage(player.handle, cents, player.balanceCents),
      confirmLabel: "Adjust balance",
      destructive: cents < 0,
    });
    if (!confirmed) return;
    setAdjusting(true);
    const answer = await apiFetch("/api/admin/ledger/adjustments", {
      schema: ZLedgerAdjustmentAnswer,
      body: { profile: player.id, diamonds: cents / 100, reason: adjustReason.trim(), idempotencyKey: crypto.randomUUID() },
      fallback: "Failed to adjust the balance",
    });
    setAdjusting(false);
    if (!answer.ok) return setAdjustMessage({ text: answer.error, error: true });
    setAdjustMessage({
      text: `Balance adjusted. New balance: ${formatDiamondCents(Math.round(answer.data.balance * 100))} diamonds.`,
      error: false,
    });
    setDiamonds("");
    setAdjustReason("");
    router.refresh();
  };

  const suspended = !!player.suspendedAt;
  const granting = !player.commissioner;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={cardClass} aria-labelledby={`${id}-adjust`}>
        <h2 id={`${id}-adjust`} className="text-xl font-bold">
          Adjust balance
        </h2>
        <div className="mt-3 grid gap-3">
          <Field id={`${id}-diamonds`} label="Diamonds" hint="A negative number takes diamonds away.">
            <Input
              id={`${id}-diamonds`}
              inputMode="decimal"
              value={diamonds}
              aria-describedby={`${id}-diamonds-hint`}
              onChange={(e) => setDiamonds(e.target.value)}
            />
          </Field>
          <Field id={`${id}-adjust-reason`} label="Reason">
            <Input id={`${id}-adjust-reason`} value={adjustReason} maxLength={300} onChange={(e) => setAdjustReason(e.target.value)} />
          </Field>
          <InlineOutcome message={adjustMessage} />
          <div>
            <Button onClick={() => void adjust()} disabled={adjusting}>
              {adjusting ? "Adjusting…" : "Adjust balance"}
            </Button>
          </div>
        </div>
      </section>
      <ReasonedChange
        name="suspend"
        title={suspended ? "Restore" : "Suspend"}
        description={
          suspended ? "A suspended player cannot sign in or play." : "Suspending signs the player out everywhere and refuses their sign-in."
        }
        confirm={
          suspended
            ? { title: `Restore @${player.handle}?`, message: "They can sign in and play again.", confirmLabel: "Restore player" }
            : {
                title: `Suspend @${player.handle}?`,
                message: "They are signed out at once and cannot sign in until restored.",
                confirmLabel: "Suspend player",
                destructive: true,
              }
        }
        url={`/api/admin/profiles/${player.id}/suspension`}
        schema={ZSuspensionAnswer}
        body={(reason) => ({ suspended: !suspended, reason })}
        fallback={suspended ? "Failed to restore the player" : "Failed to suspend the player"}
        done={suspended ? "Player restored." : "Player suspended."}
        button={suspended ? { label: "Restore player", variant: "secondary" } : { label: "Suspend player", variant: "danger" }}
      />
      {/* The commissioner role (docs/decisions/064-commissioner-role.md): builds, opens and grades packs, nothing else. */}
      {player.superAdmin ? null : (
        <ReasonedChange
          name="role"
          title="Commissioner"
          description={
            granting
              ? "A commissioner builds, opens and grades packs; no balances, codes, items or players."
              : "This player builds, opens and grades packs."
          }
          confirm={
            granting
              ? {
                  title: `Make @${player.handle} a commissioner?`,
                  message: "They can build, open and grade packs. They cannot adjust balances, manage codes, items or players.",
                  confirmLabel: "Make commissioner",
                }
              : {
                  title: `Take the commissioner role from @${player.handle}?`,
                  message: "Their next admin page or action is refused.",
                  confirmLabel: "Take back role",
                  destructive: true,
                }
          }
          url={`/api/admin/profiles/${player.id}/role`}
          schema={ZCommissionerAnswer}
          body={(reason) => ({ commissioner: granting, reason })}
          fallback="Failed to change the role"
          done={granting ? "Now a commissioner." : "Commissioner role taken back."}
          button={
            granting ? { label: "Make commissioner", variant: "primary" } : { label: "Take back commissioner role", variant: "secondary" }
          }
        />
      )}
    </div>
  );
}
