import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-bold transition-colors duration-150 disabled:cursor-not-allowed";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:bg-accent-strong disabled:bg-line disabled:text-muted",
  secondary: "border border-line bg-surface text-ink hover:bg-page disabled:text-muted",
  danger: "bg-lost text-white hover:opacity-90 disabled:bg-line disabled:text-muted",
  ghost: "text-ink hover:bg-page disabled:text-muted",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} data-primary={variant === "primary" ? "" : undefined} className={buttonClass(variant, className)} {...rest} />;
}
