"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { DialogComponentProps } from "./dialog-types";

/** superPropCreated (docs/SCREENS.md §4.7): the link to the new one-prop pack; "OK" goes to /admin. */
export default function SuperPropCreatedDialog({ props, close }: DialogComponentProps<{ packUrl: string }>) {
  const router = useRouter();
  const href = `/packs/${props.packUrl}`;
  return (
    <Dialog
      title="Super Prop Created Successfully"
      description="You can view it here:"
      actions={
        <Button
          data-autofocus
          onClick={() => {
            close();
            router.push("/admin");
          }}
        >
          OK
        </Button>
      }
    >
      <Link href={href} className="break-all font-semibold text-accent underline" onClick={() => close()}>
        {typeof window === "undefined" ? href : `${window.location.origin}${href}`}
      </Link>
    </Dialog>
  );
}
