import { createElement, type SVGProps } from "react";

// Lucide's icons (lucide.dev, ISC licence; the same drawings as lucide-react) as plain SVG.
// lucide-react's icon component is a client component ("use client"): every icon a server
// component draws with it puts that component's code into the page's first-load JavaScript
// and is hydrated like any client component. These are HTML only. The pack page, the cards and
// chips it shares with the feed, and the shell draw theirs from here; code that runs in the
// browser anyway (dialogs, deferred chunks) keeps lucide-react. Add an icon by copying its
// `node` from node_modules/lucide-react/dist/esm/icons/{name}.mjs (without the keys).
type IconNode = Array<[string, Record<string, string>]>;
type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number | string };

function icon(name: string, node: IconNode) {
  const Icon = ({ size = 24, className, ...rest }: IconProps) => {
    // As lucide-react: hidden from screen readers unless given a name or a role.
    const named = Object.keys(rest).some((prop) => prop.startsWith("aria-") || prop === "role" || prop === "title");
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: `lucide lucide-${name}${className ? ` ${className}` : ""}`,
        ...(named ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
    );
  };
  Icon.displayName = name;
  return Icon;
}

export const AlertCircle = icon("circle-exclamation-point", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["line", { x1: "12", x2: "12", y1: "8", y2: "12" }],
  ["line", { x1: "12", x2: "12.01", y1: "16", y2: "16" }],
]);
export const Bell = icon("bell", [
  ["path", { d: "M10.268 21a2 2 0 0 0 3.464 0" }],
  [
    "path",
    { d: "M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" },
  ],
]);
export const Bot = icon("bot", [
  ["path", { d: "M12 8V4H8" }],
  ["rect", { width: "16", height: "12", x: "4", y: "8", rx: "2" }],
  ["path", { d: "M2 14h2" }],
  ["path", { d: "M20 14h2" }],
  ["path", { d: "M15 13v2" }],
  ["path", { d: "M9 13v2" }],
]);
export const Check = icon("check", [["path", { d: "M20 6 9 17l-5-5" }]]);
export const CheckCircle2 = icon("circle-check", [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m16 9-5.5 5.5L8 12" }],
]);
export const ChevronLeft = icon("chevron-left", [["path", { d: "m15 18-6-6 6-6" }]]);
export const ChevronRight = icon("chevron-right", [["path", { d: "m9 18 6-6-6-6" }]]);
export const Coins = icon("coins", [
  ["path", { d: "M13.744 17.736a6 6 0 1 1-7.48-7.48" }],
  ["path", { d: "M15 6h1v4" }],
  ["path", { d: "m6.134 14.768.866-.5 2 3.464" }],
  ["circle", { cx: "16", cy: "8", r: "6" }],
]);
export const ExternalLink = icon("external-link", [
  ["path", { d: "M15 3h6v6" }],
  ["path", { d: "M10 14 21 3" }],
  ["path", { d: "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" }],
]);
export const Gem = icon("gem", [
  ["path", { d: "M10.5 3 8 9l4 13 4-13-2.5-6" }],
  [
    "path",
    {
      d: "M17 3a2 2 0 0 1 1.6.8l3 4a2 2 0 0 1 .013 2.382l-7.99 10.986a2 2 0 0 1-3.247 0l-7.99-10.986A2 2 0 0 1 2.4 7.8l2.998-3.997A2 2 0 0 1 7 3z",
    },
  ],
  ["path", { d: "M2 9h20" }],
]);
export const ImageIcon = icon("image", [
  ["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2", ry: "2" }],
  ["circle", { cx: "9", cy: "9", r: "2" }],
  ["path", { d: "m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21" }],
]);
export const Loader2 = icon("loader-circle", [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]]);
export const Menu = icon("menu", [
  ["path", { d: "M4 5h16" }],
  ["path", { d: "M4 12h16" }],
  ["path", { d: "M4 19h16" }],
]);
export const ReceiptText = icon("receipt-text", [
  ["path", { d: "M13 16H8" }],
  ["path", { d: "M14 8H8" }],
  ["path", { d: "M16 12H8" }],
  [
    "path",
    {
      d: "M4 3a1 1 0 0 1 1-1 1.3 1.3 0 0 1 .7.2l.933.6a1.3 1.3 0 0 0 1.4 0l.934-.6a1.3 1.3 0 0 1 1.4 0l.933.6a1.3 1.3 0 0 0 1.4 0l.933-.6a1.3 1.3 0 0 1 1.4 0l.934.6a1.3 1.3 0 0 0 1.4 0l.933-.6A1.3 1.3 0 0 1 19 2a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1 1.3 1.3 0 0 1-.7-.2l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.934.6a1.3 1.3 0 0 1-1.4 0l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-1.4 0l-.934-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-.7.2 1 1 0 0 1-1-1z",
    },
  ],
]);
export const Share2 = icon("share-2", [
  ["circle", { cx: "18", cy: "5", r: "3" }],
  ["circle", { cx: "6", cy: "12", r: "3" }],
  ["circle", { cx: "18", cy: "19", r: "3" }],
  ["line", { x1: "8.59", x2: "15.42", y1: "13.51", y2: "17.49" }],
  ["line", { x1: "15.41", x2: "8.59", y1: "6.51", y2: "10.49" }],
]);
export const Swords = icon("swords", [
  ["path", { d: "m13 19 6-6" }],
  ["path", { d: "M14.5 17.5 3.586 6.586A2 2 0 013 5.172V3h2.172a2 2 0 011.414.586L17.5 14.5" }],
  ["path", { d: "m14.828 6.172 2.586-2.586A2 2 0 0118.828 3H21v2.172a2 2 0 01-.586 1.414l-2.586 2.586" }],
  ["path", { d: "m16 16 4 4" }],
  ["path", { d: "m19 21 2-2" }],
  ["path", { d: "m5 14 4 4" }],
  ["path", { d: "m5 21-2-2" }],
  ["path", { d: "M7.5 16.5 4 20" }],
]);
export const Trophy = icon("trophy", [
  ["path", { d: "M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2" }],
  ["path", { d: "M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2" }],
  ["path", { d: "M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3" }],
  ["path", { d: "M4 22h16" }],
  ["path", { d: "M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z" }],
  ["path", { d: "M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3" }],
]);
export const X = icon("x", [
  ["path", { d: "M18 6 6 18" }],
  ["path", { d: "m6 6 12 12" }],
]);
