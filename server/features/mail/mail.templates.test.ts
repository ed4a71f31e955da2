import { describe, expect, it } from "vitest";
import {
  bookingCancelledEmail,
  bookingChangedEmail,
  bookingConfirmedEmail,
  bookingCreatedEmail,
  type LessonForMail,
  lessonAddressee,
  lessonReminderEmail,
  type MailContext,
  pendingReleasedEmail,
  resourceSharedEmail,
  type TeacherNotice,
  teacherNoticeEmail,
} from "./mail.templates.ts";

const ctx: MailContext = {
  siteName: "English with Giulia",
  publicUrl: "https://giulia.test",
  teacherName: "Giulia",
  teacherZone: "Europe/Rome",
};
const lesson: LessonForMail = {
  id: "l1",
  startsAt: new Date("2031-03-04T09:00:00Z"),
  endsAt: new Date("2031-03-04T10:00:00Z"),
  status: "pending",
  lessonType: "online",
  meetingLink: null,
  location: null,
};

describe("lesson mails to a guardian", () => {
  const guardian = lessonAddressee({ studentName: "Luca Ferrari", guardianName: "Anna Ferrari" }, ctx);
  const learner = lessonAddressee({ studentName: "Sofia Bianchi", guardianName: null }, ctx);

  it("greets the account holder and names the learner", () => {
    expect(guardian.name).toBe("Anna Ferrari");
    expect(guardian.ctx.learnerName).toBe("Luca Ferrari");
    expect(learner).toEqual({ name: "Sofia Bianchi", ctx });
  });

  it("says whose lessons they are in every subject and opening", () => {
    const two = [lesson, { ...lesson, id: "l2" }];
    const requested = bookingCreatedEmail(guardian.name, two, guardian.ctx);
    expect(requested.subject).toBe("Your request for 2 English lessons for Luca Ferrari: awaiting confirmation");
    expect(requested.text).toMatch(
      /^Hi Anna Ferrari,\n\nThank you for booking with Giulia! Luca Ferrari's lessons are requested:/,
    );
    const booked = bookingCreatedEmail(guardian.name, [{ ...lesson, status: "confirmed" }], guardian.ctx);
    expect(booked.subject).toBe("Luca Ferrari's English lesson is booked");
    expect(booked.text).toContain("Luca Ferrari's lesson is booked:");

    const confirmed = bookingConfirmedEmail(guardian.name, lesson, guardian.ctx);
    expect(confirmed.subject).toBe("Confirmed: Luca Ferrari's lesson on 4 Mar");
    expect(confirmed.text).toContain("Good news: Luca Ferrari's lesson is confirmed.");
    const changed = bookingChangedEmail(guardian.name, lesson, guardian.ctx);
    expect(changed.subject).toBe("Luca Ferrari's lesson details have changed");
    expect(bookingCancelledEmail(guardian.name, lesson, guardian.ctx).subject).toBe(
      "Luca Ferrari's lesson has been cancelled",
    );
    const reminder = lessonReminderEmail(guardian.name, lesson, guardian.ctx);
    expect(reminder.subject).toBe("Reminder: Luca Ferrari's English lesson on 4 Mar at 10:00 AM");
    expect(reminder.text).toContain(
      "Just a reminder of Luca Ferrari's lesson on Tuesday, 4 March 2031 at 10:00 AM (GMT+1):",
    );
    for (const mail of [confirmed, changed, reminder]) expect(mail.text.startsWith("Hi Anna Ferrari,\n")).toBe(true);
  });

  it("keeps a learner's own mails as they were", () => {
    expect(bookingCreatedEmail(learner.name, [lesson], learner.ctx).subject).toBe(
      "Your English lesson request: awaiting confirmation",
    );
    expect(bookingConfirmedEmail(learner.name, lesson, learner.ctx).text).toContain(
      "Good news: your lesson is confirmed.",
    );
    expect(lessonReminderEmail(learner.name, lesson, learner.ctx).subject).toBe(
      "Reminder: your English lesson on 4 Mar at 10:00 AM",
    );
    // In the student's own zone when the teacher's differs: the subject reads the reader's clock.
    expect(lessonReminderEmail(learner.name, lesson, { ...learner.ctx, studentZone: "America/New_York" }).subject).toBe(
      "Reminder: your English lesson on 4 Mar at 4:00 AM",
    );
  });

  it("tells the teacher who booked for whom", () => {
    const notice = teacherNoticeEmail(
      {
        kind: "teacher_new_booking",
        studentName: "Luca Ferrari",
        guardianName: "Anna Ferrari",
        studentEmail: "anna@example.com",
        studentPhone: "+39 1",
        lessons: [lesson],
        packageName: "Single Lesson",
      },
      ctx,
    );
    expect(notice.text).toContain("Luca Ferrari (booked by Anna Ferrari, parent or guardian) requested Single Lesson.");
    expect(notice.text).toContain("Contact: anna@example.com, +39 1");
  });
});

describe("the teacher's can't-come notice", () => {
  const notice = (policy: Extract<TeacherNotice, { kind: "teacher_cant_come" }>["policy"]) =>
    teacherNoticeEmail(
      {
        kind: "teacher_cant_come",
        studentName: "Luca Ferrari",
        guardianName: "Anna Ferrari",
        studentEmail: "anna@example.com",
        lesson: { ...lesson, status: "confirmed" },
        reason: "Fever",
        policy,
      },
      ctx,
    ).text;

  it("retells a spent allowance as the family's, not in the family's 'you'", () => {
    const text = notice({ key: "errors.cancel.allowanceUsed", values: { allowance: 1, action: "cancel" } });
    expect(text).toContain("The family has used the free cancellation of this package.");
    expect(text).not.toContain("You have used");
  });

  it("keeps the refusals that read the same to both sides", () => {
    expect(notice("Single lessons cannot be cancelled, refunded or moved.")).toContain(
      "The policy gives no free change here: Single lessons cannot be cancelled, refunded or moved.",
    );
  });
});

describe("shared file and note mails", () => {
  it("name the file, keep a note's text out, and point at Resources", () => {
    const file = resourceSharedEmail("Chiara", { kind: "file", title: "Phrasal verbs" }, ctx);
    expect(file.subject).toBe("New file from Giulia: Phrasal verbs");
    expect(file.text).toContain("https://giulia.test/resources/files");
    const note = resourceSharedEmail("Chiara", { kind: "note", title: "" }, ctx);
    expect(note.subject).toBe("New note from Giulia");
    expect(note.text).toMatch(/^Hi Chiara,\n/);
  });
});

describe("released requests (issue 27)", () => {
  it("say whose requests were released after how many hours, how to book again, and greet a guardian", () => {
    const guardian = lessonAddressee({ studentName: "Luca Ferrari", guardianName: "Anna Ferrari" }, ctx);
    const two = [
      { ...lesson, status: "cancelled" },
      { ...lesson, id: "l2", status: "cancelled" },
    ];
    const mail = pendingReleasedEmail(guardian.name, two, guardian.ctx, 48);
    expect(mail.subject).toBe("Released: Luca Ferrari's 2 English lesson requests");
    expect(mail.text).toMatch(
      /^Hi Anna Ferrari,\n\nI am sorry: Luca Ferrari's 2 requested lessons were not confirmed within 48 hours of the request, so their times have been released for other students:/,
    );
    expect(mail.text).toContain("https://giulia.test/book");
    expect(mail.text).not.toContain("Move this lesson");
    const one = pendingReleasedEmail("Sofia", [{ ...lesson, status: "cancelled" }], ctx, 24);
    expect(one.subject).toBe("Released: your English lesson request");
    expect(one.text).toContain(
      "your requested lesson was not confirmed within 24 hours of the request, so its time has",
    );
  });
});
