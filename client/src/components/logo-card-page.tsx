import type { ReactNode } from "react";
import { SiteLogo } from "./site-logo.tsx";
import { Card } from "./ui/card.tsx";

const BACKGROUNDS = {
  plain: "bg-slate-50",
  gradient: "bg-gradient-to-b from-blue-50 to-slate-50",
} as const;
const WIDTHS = { md: "max-w-md", lg: "max-w-lg" } as const;

/** A page of one centred card under the site logo: the sign-in cards, the certificate check. */
export function LogoCardPage({
  background = "gradient",
  width = "md",
  children,
}: {
  background?: keyof typeof BACKGROUNDS;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <main className={`grid min-h-screen place-items-center ${BACKGROUNDS[background]} p-4`}>
      <Card className={`w-full ${WIDTHS[width]} p-8 text-center`}>
        <div className="flex justify-center">
          <SiteLogo />
        </div>
        {children}
      </Card>
    </main>
  );
}
