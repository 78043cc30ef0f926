"use client";

import { CloseButton } from "@/components/ui/close-button";
import { createContext, useContext, useId, type ReactNode } from "react";

interface DialogFrameContextValue {
  /** Escape, backdrop and "×" go through here (ignored while busy). */
  requestClose: () => void;
  /** A custom dialog (the drawer) may take over closing, e.g. to animate out first. */
  setCloseHandler: (handler: (() => void) | null) => void;
  isTop: boolean;
}

export const DialogFrameContext = createContext<DialogFrameContextValue>({
  requestClose: () => {},
  setCloseHandler: () => {},
  isTop: true,
});

const WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-2xl", xl: "sm:max-w-5xl" } as const;

/**
 * The shared dialog panel (docs/SCREENS.md §1.7): title as H2 top left, "×" named
 * "Close", a scrolling body, actions bottom right. A bottom sheet on phones.
 */
export function Dialog({
  title,
  description,
  children,
  actions,
  size = "md",
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  size?: keyof typeof WIDTHS;
}) {
  const { requestClose } = useContext(DialogFrameContext);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      data-dialog-panel
      className={`animate-pop-in relative flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-surface text-ink shadow-2xl sm:rounded-2xl ${WIDTHS[size]}`}
    >
      <div className="flex items-start justify-between gap-4 px-5 pt-5">
        <h2 id={titleId} className="text-xl font-extrabold tracking-tight">
          {title}
        </h2>
        <CloseButton label="Close" onClick={requestClose} size={20} className="-mr-2 -mt-1 text-muted hover:bg-page hover:text-ink" />
      </div>
      <div className="overflow-y-auto px-5 pb-5 pt-2">
        {description ? (
          <p id={descriptionId} className="mb-3 text-muted">
            {description}
          </p>
        ) : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-4">{actions}</div> : null}
    </div>
  );
}
