import { Card } from "../components/ui/card.tsx";

/** A page of an area whose own issue is still open: says so plainly instead of pretending. */
export function AreaPlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card className="p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This section is being built and will be available soon.</p>
      {children}
    </Card>
  );
}
