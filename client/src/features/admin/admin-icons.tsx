import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;
const base = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  viewBox: "0 0 24 24",
} as const;

export const CalendarIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </svg>
);
export const ListIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </svg>
);
export const UsersIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6" />
  </svg>
);
export const NoteIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <path d="M5 3h10l4 4v14H5z" />
    <path d="M15 3v4h4M8 12h8M8 16h6" />
  </svg>
);
export const FolderIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </svg>
);
export const GearIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </svg>
);
export const InboxIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z" />
  </svg>
);
export const ClockIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);
export const MusicIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-5 w-5" {...p}>
    <path d="M9 18V5l12-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="18" cy="16" r="3" />
  </svg>
);
export const VideoIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-5 w-5" {...p}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-3v10l-6-3" />
  </svg>
);
export const ImageIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-5 w-5" {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </svg>
);
export const LinkIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-5 w-5" {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);
export const LockIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-3.5 w-3.5" {...p}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const DownloadIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-5 w-5" {...p}>
    <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </svg>
);
export const MailIcon = (p: IconProps) => (
  <svg aria-hidden="true" {...base} className="h-6 w-6" {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);
