import type { Metadata } from "next";
import { LoginPageCard } from "@/components/auth/login-page-card";

export const metadata: Metadata = { title: "Log In" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** /login?redirect={path} (the header's Log in), or next-auth's ?callbackUrl=…&error=SessionRequired. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <div className="mx-auto w-full max-w-md pt-2 sm:pt-8">
      <LoginPageCard
        redirect={first(params.redirect) ?? first(params.callbackUrl) ?? null}
        sessionRequired={first(params.error) === "SessionRequired"}
      />
    </div>
  );
}
