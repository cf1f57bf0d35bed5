/** The message shown when search and filters leave nothing (e.g. "No invoices found"). */
export function EmptyState({ children }: { children: string }) {
  return <p className="py-12 text-center text-sm text-slate-600">{children}</p>;
}
