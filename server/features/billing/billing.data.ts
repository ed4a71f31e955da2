import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";

const billingProfileSelect = {
  regime: true,
  legalName: true,
  taxCode: true,
  vatNumber: true,
  street: true,
  zip: true,
  city: true,
  province: true,
  country: true,
  iban: true,
  bic: true,
  satispayLink: true,
  paypalLink: true,
  cardLink: true,
  issueDocuments: true,
} as const satisfies Prisma.BillingProfileSelect;
export type BillingProfileRow = Prisma.BillingProfileGetPayload<{ select: typeof billingProfileSelect }>;

const emptyProfile: BillingProfileRow = {
  regime: "none",
  legalName: "",
  taxCode: null,
  vatNumber: null,
  street: "",
  zip: "",
  city: "",
  province: "",
  country: "IT",
  iban: null,
  bic: null,
  satispayLink: null,
  paypalLink: null,
  cardLink: null,
  issueDocuments: "on_payment",
};

/** The saved profile, or the empty one the column defaults describe: reading never writes. */
export async function readBillingProfile(db: DbOrTx): Promise<BillingProfileRow> {
  return (await db.billingProfile.findUnique({ where: { id: "site" }, select: billingProfileSelect })) ?? emptyProfile;
}

export function saveBillingProfile(db: Db, data: Omit<Prisma.BillingProfileCreateInput, "id">) {
  return db.billingProfile.upsert({
    where: { id: "site" },
    create: { id: "site", ...data },
    update: data,
    select: billingProfileSelect,
  });
}

const payerBillingSelect = {
  kind: true,
  name: true,
  taxCode: true,
  vatNumber: true,
  sdiCode: true,
  pec: true,
  street: true,
  zip: true,
  city: true,
  province: true,
  country: true,
} as const satisfies Prisma.PayerBillingSelect;
export type PayerBillingRow = Prisma.PayerBillingGetPayload<{ select: typeof payerBillingSelect }>;

export function findPayerBilling(db: DbOrTx, userId: string) {
  return db.payerBilling.findUnique({ where: { userId }, select: payerBillingSelect });
}

export function savePayerBilling(
  db: DbOrTx,
  userId: string,
  data: Omit<Prisma.PayerBillingUncheckedCreateInput, "userId">,
) {
  return db.payerBilling.upsert({
    where: { userId },
    create: { userId, ...data },
    update: data,
    select: payerBillingSelect,
  });
}
