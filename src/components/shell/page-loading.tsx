import { Loader2 } from "@/components/ui/plain-icons";

/** The loading state of a player's table page (leaderboard, standings), rendered on the server. */
export function PageLoading({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p role="status" className="mt-10 flex items-center justify-center gap-2 text-muted">
        <Loader2 size={18} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {message}
      </p>
    </div>
  );
}
