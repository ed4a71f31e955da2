import { TESTIMONIAL_ROTATION_MS } from "../../../../shared/constants.ts";
import { StarIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { TESTIMONIALS, type Testimonial } from "./content.ts";
import { LandingSection } from "./landing-section.tsx";
import { SectionHeading } from "./section-heading.tsx";

/**
 * Three static testimonials; one is highlighted and the highlight moves on every
 * TESTIMONIAL_ROTATION_MS (landing-behaviour.ts, which sets data-active, aria-current and
 * aria-pressed; the styles follow them). Picking one by hand restarts the timer. Reduced motion
 * turns the transitions off, not the rotation.
 */
export function TestimonialsSection() {
  const t = useT();
  return (
    <LandingSection id="testimonials" className="bg-slate-100/70 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t("landing.testimonials.eyebrow")}
          title={t("landing.testimonials.title")}
          align="center"
        >
          <p>{t("landing.testimonials.intro")}</p>
        </SectionHeading>

        <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial, index) => (
            <TestimonialCard key={testimonial.author} testimonial={testimonial} active={index === 0} />
          ))}
        </ul>

        <fieldset className="mt-10 flex justify-center gap-1">
          <legend className="sr-only">{t("landing.testimonials.choose")}</legend>
          {TESTIMONIALS.map((testimonial, index) => (
            <button
              key={testimonial.author}
              data-testimonial-pick
              type="button"
              aria-label={t("landing.testimonials.show", {
                index: index + 1,
                count: TESTIMONIALS.length,
                author: testimonial.author,
              })}
              aria-pressed={index === 0}
              className="group grid h-11 w-11 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <span
                aria-hidden="true"
                className="block h-3 w-3 rounded-full bg-slate-400 group-hover:bg-slate-500 group-aria-pressed:w-8 group-aria-pressed:bg-blue-900 motion-safe:transition-all motion-safe:duration-300"
              />
            </button>
          ))}
        </fieldset>
      </div>
    </LandingSection>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

function TestimonialCard({ testimonial, active }: { testimonial: Testimonial; active: boolean }) {
  const t = useT();
  const initials = testimonial.author
    .split(" ")
    .map((part) => part[0])
    .join("");
  return (
    <li
      data-testimonial=""
      data-active={String(active)}
      aria-current={active ? "true" : undefined}
      className="group relative flex overflow-hidden rounded-2xl bg-white text-slate-700 shadow-sm ring-1 ring-slate-200 data-[active=true]:bg-blue-900 data-[active=true]:text-white data-[active=true]:shadow-xl data-[active=true]:shadow-blue-900/20 data-[active=true]:ring-2 data-[active=true]:ring-amber-400 motion-safe:transition-[background-color,box-shadow,transform] motion-safe:duration-500 lg:data-[active=true]:-translate-y-2"
    >
      <figure className="flex w-full flex-col p-6 sm:p-8">
        <div className="flex items-center justify-between gap-4">
          <div
            role="img"
            aria-label={t("landing.testimonials.rated", { rating: testimonial.rating })}
            className="flex gap-0.5 text-amber-400"
          >
            {STARS.map((star) => (
              <StarIcon key={star} className={`h-5 w-5 ${star <= testimonial.rating ? "" : "opacity-30"}`} />
            ))}
          </div>
          <span
            aria-hidden="true"
            className="font-display text-5xl leading-none text-blue-200 group-data-[active=true]:text-amber-300"
          >
            “
          </span>
        </div>
        <blockquote lang={testimonial.lang} className="mt-4 flex-1 text-lg leading-relaxed">
          <p>{testimonial.quote}</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-blue-100 text-sm font-bold text-blue-900 group-data-[active=true]:bg-amber-400 group-data-[active=true]:text-slate-900"
          >
            {initials}
          </span>
          <span>
            <span className="block font-semibold text-slate-900 group-data-[active=true]:text-white">
              {testimonial.author}
            </span>
            <span className="block text-sm text-slate-600 group-data-[active=true]:text-blue-100">
              {t(testimonial.role)}
            </span>
          </span>
        </figcaption>
      </figure>
      {/* Time left before the highlight moves on (decorative; hidden with reduced motion). */}
      <span
        data-testimonial-timer
        hidden={!active}
        aria-hidden="true"
        style={{ transitionDuration: `${TESTIMONIAL_ROTATION_MS}ms` }}
        className="absolute inset-x-0 bottom-0 h-1 origin-left scale-x-100 bg-amber-400 transition-transform ease-linear motion-reduce:hidden starting:scale-x-0"
      />
    </li>
  );
}
