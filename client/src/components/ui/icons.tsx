// Inline outline icons (24 px grid, stroke = currentColor), one drawing per icon for the whole
// site, decorative: hidden from assistive tech. This module holds the frame and the icons the
// public pages draw; the signed-in areas' other icons are in private-icons.tsx.
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, className = "h-5 w-5", ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

export const icon = (paths: ReactNode) => (p: IconProps) => <Outline {...p}>{paths}</Outline>;

export const ArrowRightIcon = icon(<path d="M4.5 12h15m0 0-6.75-6.75M19.5 12l-6.75 6.75" />);
export const ArrowUpIcon = icon(<path d="M12 19.5V4.5m0 0-6.75 6.75M12 4.5l6.75 6.75" />);
export const CalendarIcon = icon(
  <>
    <rect x="3" y="4.75" width="18" height="16" rx="2.25" />
    <path d="M3 9.75h18M8 3v3.5M16 3v3.5" />
  </>,
);
export const ChatDotsIcon = icon(
  <>
    <path d="M20.25 11.6c0 4.2-3.7 7.6-8.25 7.6-1.2 0-2.3-.23-3.3-.65L3.75 20.25l1.5-4.1A7.2 7.2 0 0 1 3.75 11.6C3.75 7.4 7.45 4 12 4s8.25 3.4 8.25 7.6Z" />
    <path d="M8.5 11.75h.01M12 11.75h.01M15.5 11.75h.01" strokeWidth={2.6} />
  </>,
);
export const CheckIcon = icon(<path d="m4.5 12.75 6 6 9-13.5" />);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </>,
);
export const CloseIcon = icon(<path d="M6 18 18 6M6 6l12 12" />);
export const MailIcon = icon(
  <>
    <rect x="2.75" y="5" width="18.5" height="14" rx="2.25" />
    <path d="m3.5 6.5 8.5 6.25 8.5-6.25" />
  </>,
);
export const MapPinIcon = icon(
  <>
    <path d="M19.5 10.5c0 7.14-7.5 11.25-7.5 11.25S4.5 17.64 4.5 10.5a7.5 7.5 0 1 1 15 0Z" />
    <circle cx="12" cy="10.5" r="2.75" />
  </>,
);
export const MenuIcon = icon(<path d="M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5" />);
export const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.25" />
    <path d="M2.75 19.25c.6-3.3 3.1-5.25 6.25-5.25s5.65 1.95 6.25 5.25" />
    <path d="M15.5 5.1a3.25 3.25 0 0 1 0 5.8M17.75 14.4c1.85.75 3.1 2.4 3.5 4.85" />
  </>,
);
export const VideoIcon = icon(
  <>
    <rect x="2.25" y="6" width="13.5" height="12" rx="2.25" />
    <path d="m15.75 10.5 5.25-3v9l-5.25-3" />
  </>,
);

/** A solid five-point star (20 px grid). */
export function StarIcon({ className = "h-5 w-5", ...props }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className={className} {...props}>
      <path d="M10 1.6l2.47 5.3 5.8.66-4.3 3.96 1.17 5.72L10 14.35l-5.14 2.89 1.17-5.72-4.3-3.96 5.8-.66L10 1.6Z" />
    </svg>
  );
}
