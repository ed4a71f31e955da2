// The teacher's billing profile (settings.billing), the payer's fiscal data (the student's profile)
// and how an order is paid: the amount due, the reference, and the methods the teacher offers.
import { centsToEuro } from "../../../shared/money.ts";
import type { Db, DbOrTx } from "../../db.ts";
import type { PaymentForMail } from "../mail/mail.templates.ts";
import {
  type BillingProfileRow,
  findPayerBilling,
  type PayerBillingRow,
  readBillingProfile,
  saveBillingProfile,
  savePayerBilling,
} from "./billing.data.ts";
import type { BillingProfileInput, FiscalRegime, IssueDocuments, PayerBillingInput } from "./billing.schemas.ts";
import { EPC_MAX_NAME_LENGTH, epcPayload, epcQrPng, epcQrSvg } from "./epc-qr.ts";

/** The profile as the settings page reads it: every field a string, empty when unset. */
function toBillingProfileDto(row: BillingProfileRow) {
  return {
    regime: row.regime as FiscalRegime,
    legalName: row.legalName,
    taxCode: row.taxCode ?? "",
    vatNumber: row.vatNumber ?? "",
    address: { street: row.street, zip: row.zip, city: row.city, province: row.province, country: row.country },
    iban: row.iban ?? "",
    bic: row.bic ?? "",
    satispayLink: row.satispayLink ?? "",
    paypalLink: row.paypalLink ?? "",
    cardLink: row.cardLink ?? "",
    issueDocuments: row.issueDocuments as IssueDocuments,
  };
}
export type BillingProfileDto = ReturnType<typeof toBillingProfileDto>;

export async function getBillingProfile(db: DbOrTx): Promise<BillingProfileDto> {
  return toBillingProfileDto(await readBillingProfile(db));
}

export async function saveBilling(db: Db, input: BillingProfileInput): Promise<BillingProfileDto> {
  const { address, ...fields } = input;
  return toBillingProfileDto(await saveBillingProfile(db, { ...fields, ...address }));
}

function toPayerBillingDto(row: PayerBillingRow) {
  return {
    kind: row.kind as "person" | "company",
    name: row.name,
    taxCode: row.taxCode,
    vatNumber: row.vatNumber,
    sdiCode: row.sdiCode,
    pec: row.pec,
    address: { street: row.street, zip: row.zip, city: row.city, province: row.province, country: row.country },
  };
}
export type PayerBillingDto = ReturnType<typeof toPayerBillingDto>;

/** The payer's fiscal data, null until given. */
export async function getPayerBilling(db: DbOrTx, userId: string): Promise<PayerBillingDto | null> {
  const row = await findPayerBilling(db, userId);
  return row ? toPayerBillingDto(row) : null;
}

export async function setPayerBilling(db: DbOrTx, userId: string, input: PayerBillingInput): Promise<PayerBillingDto> {
  const { address, ...fields } = input;
  // A person has no VAT number or SdI channel on their documents; a company's tax code is optional.
  const data = input.kind === "person" ? { ...fields, vatNumber: null, sdiCode: null, pec: null } : { ...fields };
  return toPayerBillingDto(await savePayerBilling(db, userId, { ...data, ...address }));
}

/**
 * What the booking's details step asks of the payer (issue 30, item 3): the flat-rate regime's
 * electronic invoice names the payer with their tax code and address, so an account that has not
 * given them yet is asked on the step; any other regime's receipt needs only the account's name.
 */
export async function payerDetailsForBooking(db: DbOrTx, userId: string) {
  const [profile, billing] = await Promise.all([readBillingProfile(db), getPayerBilling(db, userId)]);
  return { needed: profile.regime === "forfettario" && billing === null, billing };
}

/**
 * The order's reference for people and banks: its number, short enough to type into a transfer's
 * description and within the 35 characters of a SEPA structured field. Unique because the number is.
 */
export function orderReference(orderNumber: number): string {
  return `ORD-${String(orderNumber).padStart(4, "0")}`;
}

/** The teacher's profile as the payment details read it (the booking reads it before its lock). */
export function readPayeeProfile(db: DbOrTx): Promise<BillingProfileRow> {
  return readBillingProfile(db);
}

export type PayableOrder = { number: number; amountDueCents: number; teacherName: string | null };

/** The bank transfer an order can be paid by: needs the teacher's IBAN, a beneficiary and something due. */
function transferOf(profile: BillingProfileRow, order: PayableOrder) {
  // The beneficiary is the legal name, or else the teacher's name; EPC069-12 takes 70 characters.
  const name = [...(profile.legalName || order.teacherName || "").trim()].slice(0, EPC_MAX_NAME_LENGTH).join("");
  if (!profile.iban || !name || order.amountDueCents <= 0) return null;
  const reference = orderReference(order.number);
  const payload = epcPayload({
    bic: profile.bic ?? undefined,
    name,
    iban: profile.iban,
    amountCents: order.amountDueCents,
    reference,
  });
  return { iban: profile.iban, bic: profile.bic, name, reference, amount: centsToEuro(order.amountDueCents), payload };
}
/** The order number a reference names ("ORD-0042" → 42; spaces and case forgiven), or null. */
export function orderNumberOf(reference: string): number | null {
  const match = /^ORD-(\d{1,9})$/i.exec(reference.trim());
  const number = match ? Number(match[1]) : 0;
  return number > 0 ? number : null;
}

/**
 * The teacher's card link for this order. A Stripe Payment Link (`https://buy.stripe.com/…`) takes
 * `client_reference_id` in its address and hands it to the Checkout Session it opens, so the
 * webhook finds the order the payment is for (stripe-webhook.service.ts); other links stay as saved.
 */
export function cardLinkFor(link: string | null, reference: string): string | null {
  if (!link) return null;
  const url = URL.parse(link);
  if (url?.protocol !== "https:" || url.hostname !== "buy.stripe.com") return link;
  url.searchParams.set("client_reference_id", reference);
  return url.toString();
}

/**
 * `payment` of GET /api/student/orders/{id}: what is still due, the reference to write on it, and
 * each way the teacher takes money. A bank transfer (with its EPC QR code) needs her IBAN and
 * something due; the links appear when she set them; cash is always accepted.
 */
export async function orderPaymentDetails(db: DbOrTx, order: PayableOrder, instructions: string) {
  return paymentDetailsFrom(await readBillingProfile(db), order, instructions);
}

/** The same from a profile already read: the booking reads it before its lock and answers with this. */
export async function paymentDetailsFrom(profile: BillingProfileRow, order: PayableOrder, instructions: string) {
  const transfer = transferOf(profile, order);
  const bankTransfer = transfer && {
    iban: transfer.iban,
    bic: transfer.bic,
    name: transfer.name,
    reference: transfer.reference,
    amount: transfer.amount,
    epcPayload: transfer.payload,
    qrSvg: await epcQrSvg(transfer.payload),
  };
  return {
    amountDue: centsToEuro(order.amountDueCents),
    instructions,
    reference: orderReference(order.number),
    methods: {
      bankTransfer,
      satispay: profile.satispayLink,
      paypal: profile.paypalLink,
      card: cardLinkFor(profile.cardLink, orderReference(order.number)),
      cash: true as const,
    },
  };
}
export type OrderPaymentDto = Awaited<ReturnType<typeof paymentDetailsFrom>>;

/**
 * What the family's emails say of paying an order (the order email and the payment reminder): the
 * same facts as the order page, with the EPC QR code as a PNG (base64) for the mail to carry.
 */
export async function paymentForMail(
  profile: BillingProfileRow,
  order: PayableOrder,
  instructions: string,
): Promise<PaymentForMail> {
  const transfer = transferOf(profile, order);
  return {
    amountDue: centsToEuro(order.amountDueCents),
    instructions,
    reference: orderReference(order.number),
    bankTransfer: transfer && {
      name: transfer.name,
      iban: transfer.iban,
      bic: transfer.bic,
      qrPng: (await epcQrPng(transfer.payload, 5)).toString("base64"),
    },
    links: {
      satispay: profile.satispayLink,
      paypal: profile.paypalLink,
      card: cardLinkFor(profile.cardLink, orderReference(order.number)),
    },
  };
}
