// Inline outline icons (24 px grid, stroke = currentColor), one drawing per icon for the whole
// site, decorative: hidden from assistive tech. This module holds the frame and the icons the
// public pages draw; the signed-in areas' other icons are in private-icons.tsx.
import { createElement, type ReactElement, type SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

// The shapes an icon is drawn from.
export const path = (d: string) => <path d={d} />;
export const circle = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} />;
export const rect = (x: number, y: number, width: number, height: number, rx: number) => (
  <rect x={x} y={y} width={width} height={height} rx={rx} />
);

/** An icon: its shapes, in drawing order, on the outline frame. */
export function icon(...shapes: ReactElement[]) {
  // createElement, not JSX: the shapes go in as separate children (a fixed list, which needs no
  // keys), and the frame costs the landing page's JavaScript no component of its own.
  return ({ className = "h-5 w-5", ...props }: IconProps) =>
    createElement(
      "svg",
      {
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 1.8,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        "aria-hidden": "true",
        focusable: "false",
        className,
        ...props,
      },
      ...shapes,
    );
}

export const ArrowRightIcon = icon(path("M4.5 12h15m0 0-6.75-6.75M19.5 12l-6.75 6.75"));
export const ArrowUpIcon = icon(path("M12 19.5V4.5m0 0-6.75 6.75M12 4.5l6.75 6.75"));
export const CalendarIcon = icon(rect(3, 4.75, 18, 16, 2.25), path("M3 9.75h18M8 3v3.5M16 3v3.5"));
export const ChatDotsIcon = icon(
  path(
    "M20.25 11.6c0 4.2-3.7 7.6-8.25 7.6-1.2 0-2.3-.23-3.3-.65L3.75 20.25l1.5-4.1A7.2 7.2 0 0 1 3.75 11.6C3.75 7.4 7.45 4 12 4s8.25 3.4 8.25 7.6Z",
  ),
  <path d="M8.5 11.75h.01M12 11.75h.01M15.5 11.75h.01" strokeWidth={2.6} />,
);
export const CheckIcon = icon(path("m4.5 12.75 6 6 9-13.5"));
export const ClockIcon = icon(circle(12, 12, 9), path("M12 7v5l3.5 2"));
export const CloseIcon = icon(path("M6 18 18 6M6 6l12 12"));
export const MailIcon = icon(rect(2.75, 5, 18.5, 14, 2.25), path("m3.5 6.5 8.5 6.25 8.5-6.25"));
export const MapPinIcon = icon(
  path("M19.5 10.5c0 7.14-7.5 11.25-7.5 11.25S4.5 17.64 4.5 10.5a7.5 7.5 0 1 1 15 0Z"),
  circle(12, 10.5, 2.75),
);
export const MenuIcon = icon(path("M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5"));
export const RepeatIcon = icon(
  path(
    "M17 2.5 20.5 6 17 9.5M3.5 11V9.5A3.5 3.5 0 0 1 7 6h13.5M7 21.5 3.5 18 7 14.5M20.5 13v1.5a3.5 3.5 0 0 1-3.5 3.5H3.5",
  ),
);
export const UsersIcon = icon(
  circle(9, 8, 3.25),
  path("M2.75 19.25c.6-3.3 3.1-5.25 6.25-5.25s5.65 1.95 6.25 5.25"),
  path("M15.5 5.1a3.25 3.25 0 0 1 0 5.8M17.75 14.4c1.85.75 3.1 2.4 3.5 4.85"),
);
export const VideoIcon = icon(rect(2.25, 6, 13.5, 12, 2.25), path("m15.75 10.5 5.25-3v9l-5.25-3"));

/** A solid five-point star (20 px grid). */
export function StarIcon({ className = "h-5 w-5", ...props }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className={className} {...props}>
      <path d="M10 1.6l2.47 5.3 5.8.66-4.3 3.96 1.17 5.72L10 14.35l-5.14 2.89 1.17-5.72-4.3-3.96 5.8-.66L10 1.6Z" />
    </svg>
  );
}
