import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { ArrowRightIcon, ClockIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { LandingSection } from "./landing-section.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** The contact section: how and when to reach Giulia. Phone and email live in the footer just below. */
export function ContactSection() {
  const t = useT();
  return (
    <LandingSection id="contact" className="relative overflow-hidden bg-blue-900 pt-20 pb-14 sm:pt-24">
      <div
        aria-hidden="true"
        className="absolute -top-24 -left-24 h-72 w-72 rounded-full border-[40px] border-white/5"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-12 lg:items-center lg:px-8">
        <div className="lg:col-span-7">
          <SectionHeading
            id="contact-title"
            eyebrow={t("landing.contact.eyebrow")}
            title={t("landing.contact.title")}
            tone="dark"
          >
            <p>{t("landing.contact.intro")}</p>
          </SectionHeading>
          <Link to="/book" className={`${buttonClasses({ variant: "accent", size: "lg" })} mt-8 px-7`}>
            {t("landing.contact.book")}
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
        </div>

        <div className="lg:col-span-5">
          <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 sm:p-8">
            <div className="flex items-center gap-3">
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-amber-400 text-slate-900">
                <ClockIcon className="h-6 w-6" />
              </span>
              <h3 className="text-lg font-semibold text-white">{t("landing.contact.replyTitle")}</h3>
            </div>
            <dl className="mt-6 space-y-4 text-blue-50">
              <div className="flex items-baseline justify-between gap-4 border-b border-white/15 pb-4">
                <dt className="text-sm text-blue-100">{t("landing.contact.timeZone")}</dt>
                <dd className="font-semibold text-white">{TEACHER_TIMEZONE}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-4 border-b border-white/15 pb-4">
                <dt className="text-sm text-blue-100">{t("landing.contact.timeNow")}</dt>
                <dd className="font-semibold text-white">
                  {/* Set and kept current by landing-behaviour.ts: the HTML may be hours old. */}
                  <time data-milano-clock>--:--</time>
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-sm text-blue-100">{t("landing.contact.available")}</dt>
                <dd className="font-semibold text-white">{t("landing.contact.until")}</dd>
              </div>
            </dl>
            <p className="mt-6 rounded-xl bg-blue-950/40 px-4 py-3 text-sm leading-relaxed text-blue-50">
              {t("landing.contact.afterHours")}
            </p>
          </div>
        </div>
      </div>
    </LandingSection>
  );
}
