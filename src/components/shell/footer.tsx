import { PRODUCT_NAME } from "@/config";

export function Footer() {
  return (
    <footer className="border-t border-line py-6 pb-28 text-center text-xs text-muted md:pb-6">
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </footer>
  );
}
