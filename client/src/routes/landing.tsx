export function LandingPage() {
  return <main className="p-8">English with Giulia</main>;
}
