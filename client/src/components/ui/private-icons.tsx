// The icons only the signed-in areas (portal, admin) draw, on the frame of icons.tsx. A separate
// module because Rollup puts a module shared by several pages into one chunk whole: in icons.tsx
// these would ship with the landing page, whose JavaScript has a budget.
import { circle, icon, path, rect } from "./icons.tsx";

export const AudioIcon = icon(
  path("M9 18V6l11-2v12M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z"),
);
export const BookIcon = icon(
  path("M4.5 5.5A2 2 0 0 1 6.5 3.5H19v15H6.5a2 2 0 0 0-2 2V5.5Zm0 15a2 2 0 0 1 2-2H19v2.5H6.5"),
);
export const ChartIcon = icon(path("M4 20V10m5.3 10V4m5.4 16v-7M20 20v-4M3 20.5h18"));
export const ChatIcon = icon(path("M4.5 18.5 5.7 15A7.5 7.5 0 1 1 9 18.1l-4.5.4Z"));
export const CheckCircleIcon = icon(circle(12, 12, 8.5), path("m8.5 12.2 2.3 2.3 4.7-4.9"));
export const CopyIcon = icon(
  rect(8.5, 8.5, 11, 11, 2),
  path("M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2"),
);
export const DownloadIcon = icon(path("M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M4.5 19.5h15"));
export const EuroIcon = icon(circle(12, 12, 9), path("M15.5 8.6a4 4 0 1 0 0 6.8M7 10.8h6M7 13.2h6"));
export const FlameIcon = icon(
  path(
    "M12 21a6 6 0 0 0 6-6c0-4-3-5.5-3.5-9.5C12 7 10.5 9 10.5 11 9 10.5 8.5 9 8.5 8 7 9.5 6 11.8 6 15a6 6 0 0 0 6 6Z",
  ),
);
export const FolderIcon = icon(
  path("M3.5 7a2 2 0 0 1 2-2h4l2 2.5h7a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7Z"),
);
export const GearIcon = icon(
  circle(12, 12, 3),
  path(
    "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  ),
);
export const GiftIcon = icon(
  rect(3.5, 8, 17, 4, 1),
  path("M5 12v8h14v-8M12 8v12M12 8S10.8 4 8.5 4a2 2 0 0 0 0 4H12Zm0 0s1.2-4 3.5-4a2 2 0 0 1 0 4H12Z"),
);
export const HomeIcon = icon(path("M4 10.5 12 4l8 6.5V20h-5.5v-5.5h-5V20H4v-9.5Z"));
export const ImageIcon = icon(rect(3.5, 4.5, 17, 15, 2), circle(9, 10, 1.8), path("m20.5 16-5-5-9 8.5"));
export const InboxIcon = icon(
  path("M22 12h-6l-2 3h-4l-2-3H2"),
  path("M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z"),
);
export const LinkIcon = icon(
  path("M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"),
);
export const ListIcon = icon(path("M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01"));
export const LockIcon = icon(rect(5, 10.5, 14, 10, 2), path("M8 10.5V8a4 4 0 0 1 8 0v2.5"));
export const LogoutIcon = icon(
  path("M14.5 8V5.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2V16M9.5 12h11m0 0-3-3m3 3-3 3"),
);
export const MailIcon = icon(rect(3.5, 5.5, 17, 13, 2), path("m4 7 8 6 8-6"));
export const NoteIcon = icon(path("M6 3.5h8.5L19 8v12.5H6V3.5Zm8 0V8.5h5M9 12.5h7M9 16h5"));
export const PhoneIcon = icon(
  path("M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2Z"),
);
export const PuzzleIcon = icon(
  path(
    "M9 4.5a2 2 0 1 1 4 0V6h4v4h-1.5a2 2 0 1 0 0 4H17v4.5H13V17a2 2 0 1 0-4 0v1.5H5V14h1.5a2 2 0 1 0 0-4H5V6h4V4.5Z",
  ),
);
export const SearchIcon = icon(circle(11, 11, 6.5), path("m20 20-4.3-4.3"));
export const ShareIcon = icon(
  circle(6.5, 12, 2.5),
  circle(17.5, 6, 2.5),
  circle(17.5, 18, 2.5),
  path("m8.7 10.8 6.6-3.6M8.7 13.2l6.6 3.6"),
);
export const TrophyIcon = icon(
  path("M8 4.5h8v5a4 4 0 0 1-8 0v-5ZM8 6.5H5a3 3 0 0 0 3 4M16 6.5h3a3 3 0 0 1-3 4M12 13.5v3.5M8.5 20h7l-1-3h-5l-1 3Z"),
);
export const UserIcon = icon(circle(12, 8.5, 3.8), path("M4.5 20c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6"));
export const SparkIcon = icon(
  path("M12 3v4m0 10v4M3 12h4m10 0h4M5.6 5.6l2.8 2.8m7.2 7.2 2.8 2.8m0-12.8-2.8 2.8m-7.2 7.2-2.8 2.8"),
);

// The quiz hub's own drawings of a tick, a bar chart and a clock (lighter than CheckIcon,
// ChartIcon and ClockIcon above), kept so the hub looks as it always has.
export const TickIcon = icon(path("M20 6 9 17l-5-5"));
export const BarChartIcon = icon(path("M4 20V10m6 10V4m6 16v-7m4 7H2"));
export const ClockFaceIcon = icon(path("M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z"));
export const TrendIcon = icon(path("M3.5 20.5h17M7 17v-3m5 3v-5.5m5 5.5V10M4.5 10.5l5-4.5 3.5 2.5 6.5-5m0 0h-4m4 0v4"));
