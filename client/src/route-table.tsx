import type { RouteObject } from "./lib/router.tsx";
import { ErrorScreen } from "./routes/error-screen.tsx";
import { NotFound } from "./routes/not-found.tsx";

// Every page loads lazily: admin, portal and quiz code never reach a public page, and the booking
// steps do not download the landing page. The landing page's chunk is preloaded by the HTML sent
// for `/` (landing.html, written by vite.config.ts), so it arrives with the entry, not after it.
const portal = () => import("./routes/student/portal-routes.tsx");
const admin = () => import("./routes/admin/admin-page.tsx");
const booking = () => import("./routes/book/booking-routes.tsx");
const quiz = () => import("./routes/quiz/quiz-routes.tsx");
const certificate = () => import("./routes/quiz/certificate-verify.tsx");

const quizChildren: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await quiz()).QuizHub }) },
  { path: "*", lazy: async () => ({ Component: (await quiz()).QuizArea }) },
];

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      {
        path: "/",
        messages: ["landing"],
        lazy: async () => ({ Component: (await import("./routes/landing.tsx")).LandingPage }),
      },
      {
        // Everything else talks to the server through tRPC and React Query.
        lazy: async () => ({ Component: (await import("./data-providers.tsx")).DataProviders }),
        children: [
          {
            path: "/book",
            messages: ["booking"],
            lazy: async () => ({ Component: (await booking()).BookingLayout }),
            children: [
              {
                index: true,
                messages: ["booking-packages"],
                lazy: async () => ({ Component: (await booking()).BookIntro }),
              },
              // One chunk per step: a visitor downloads only the step in front of them.
              {
                path: "pricing",
                messages: ["booking-packages"],
                lazy: async () => ({ Component: (await import("./routes/book/pricing-page.tsx")).PricingPage }),
              },
              {
                path: "schedule",
                messages: ["booking-schedule"],
                lazy: async () => ({ Component: (await import("./routes/book/schedule-page.tsx")).SchedulePage }),
              },
              {
                path: "details",
                messages: ["booking-details"],
                lazy: async () => ({ Component: (await import("./routes/book/details-page.tsx")).DetailsPage }),
              },
              {
                path: "confirmation",
                // The package's cancellation policy too.
                messages: ["booking-packages", "booking-confirmation"],
                lazy: async () => ({
                  Component: (await import("./routes/book/confirmation-page.tsx")).ConfirmationPage,
                }),
              },
              { path: "*", lazy: async () => ({ Component: (await booking()).BookingNotFound }) },
            ],
          },
          // The admin area shows two of the portal's cards (the calendar feed, an order's payment).
          {
            path: "/admin/*",
            messages: ["admin", "portal"],
            lazy: async () => ({ Component: (await admin()).AdminPage }),
          },
          {
            path: "/student",
            messages: ["portal"],
            lazy: async () => ({ Component: (await portal()).StudentSignIn }),
          },
          {
            path: "/ref",
            messages: ["portal"],
            lazy: async () => ({ Component: (await portal()).ReferralLanding }),
          },
          {
            path: "/privacy",
            messages: ["portal"],
            lazy: async () => ({ Component: (await import("./routes/privacy.tsx")).PrivacyPage }),
          },
          {
            path: "/certificates/:code",
            messages: ["quiz"],
            lazy: async () => ({ Component: (await certificate()).CertificateVerifyPage }),
          },
          {
            messages: ["portal"],
            lazy: async () => ({ Component: (await portal()).StudentLayout }),
            children: [
              { path: "/student/dashboard", lazy: async () => ({ Component: (await portal()).Dashboard }) },
              { path: "/student/lessons", lazy: async () => ({ Component: (await portal()).MyLessons }) },
              { path: "/student/waitlist", lazy: async () => ({ Component: (await portal()).MyWaitlist }) },
              {
                path: "/student/waitlist/offer/:id",
                lazy: async () => ({ Component: (await portal()).WaitlistOfferPage }),
              },
              { path: "/student/progress", lazy: async () => ({ Component: (await portal()).MyProgress }) },
              { path: "/student/contact", lazy: async () => ({ Component: (await portal()).ContactPage }) },
              { path: "/student/family", lazy: async () => ({ Component: (await portal()).FamilyPage }) },
              {
                path: "/student/profile",
                messages: ["billing"],
                lazy: async () => ({ Component: (await portal()).ProfilePage }),
              },
              { path: "/resources/files", lazy: async () => ({ Component: (await portal()).Resources }) },
              { path: "/referrals", lazy: async () => ({ Component: (await portal()).Referrals }) },
              { path: "/student/quizzes", messages: ["quiz"], children: quizChildren },
              { path: "/quizzes", messages: ["quiz"], children: quizChildren },
            ],
          },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];
