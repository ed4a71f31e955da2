import type { DbOrTx } from "../../db.ts";
import { paymentEntrySelect } from "../booking/order.data.ts";

export function listPaymentEntries(db: DbOrTx, orderId: string) {
  return db.payment.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: paymentEntrySelect,
  });
}

export function insertPaymentEntries(
  db: DbOrTx,
  entries: {
    orderId: string;
    amountCents: number;
    method: string | null;
    paidOn: Date;
    note: string;
    reversesId?: string | null;
    externalId?: string | null;
    createdById: string | null;
  }[],
) {
  // Stamped a millisecond apart: a transaction's now() is one instant, and the list reads them
  // back in the order they were written.
  const at = Date.now();
  return entries.reduce<Promise<{ id: string }[]>>(
    async (done, data, i) => [
      ...(await done),
      await db.payment.create({ data: { ...data, createdAt: new Date(at + i) }, select: { id: true } }),
    ],
    Promise.resolve([]),
  );
}
