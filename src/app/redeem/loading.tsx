export default function RedeemLoading() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <p role="status" className="text-muted">
        Loading...
      </p>
    </div>
  );
}
