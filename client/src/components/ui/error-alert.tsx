const BOX = "rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900";

/** A form's error in a red box, announced at once (role="alert"); nothing while there is none. */
export function ErrorAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className ? `${className} ${BOX}` : BOX}>
      {message}
    </p>
  );
}
