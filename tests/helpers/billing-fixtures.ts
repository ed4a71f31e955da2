// Documents of the tests: a teacher in Milan and the payers the issue names. Tax codes and VAT
// numbers carry check characters worked out by hand (docs/getting-paid.md), and belong to no one.
import type { FatturaPaBuyer, FatturaPaDocument, FatturaPaSeller } from "../../server/features/billing/fatturapa.ts";

export const teacher: FatturaPaSeller = {
  firstName: "Giulia",
  lastName: "Bianchi",
  taxCode: "BNCGLI85C45F205B",
  vatNumber: "12345670017",
  address: { street: "Via Roma 1", zip: "20121", city: "Milano", province: "MI", country: "IT" },
  email: "giulia@example.com",
};

const milan = { zip: "20123", city: "Milano", province: "MI", country: "IT" };

export const parent: FatturaPaBuyer = {
  kind: "person",
  firstName: "Laura",
  lastName: "D'Angelo",
  taxCode: "DNGLRA80E50F205H",
  address: { street: "Corso di Porta Ticinese 12", ...milan },
};

export const companyWithSdiCode: FatturaPaBuyer = {
  kind: "company",
  name: "Studio Rossi S.r.l.",
  vatNumber: "02159680962",
  taxCode: "02159680962",
  sdiCode: "M5UXCR1",
  address: { street: "Via Torino 5", ...milan },
};

export const companyWithPec: FatturaPaBuyer = {
  kind: "company",
  name: "Bianchi & Figli S.a.s.",
  vatNumber: "13579240014",
  pec: "amministrazione@pec.bianchiefigli.it",
  address: { street: "Viale Monza 140", ...milan },
};

const invoice = { kind: "TD01", seller: teacher, date: "2026-03-02" } as const;
const iban = "IT60X0542811101000000123456";

/** Each document with the stamp duty it owes. */
export const documents: { name: string; document: FatturaPaDocument; owesStampDuty: boolean }[] = [
  {
    name: "a person, one lesson (40 €, no stamp duty)",
    owesStampDuty: false,
    document: {
      ...invoice,
      progressive: "00001",
      number: "2026/1",
      buyer: parent,
      lines: [
        { description: "Lezione di inglese per Nicolò D'Angelo, 2 marzo 2026", quantity: 1, unitPriceCents: 4000 },
      ],
      payment: { method: "cash", amountCents: 4000 },
    },
  },
  {
    name: "a person at 77.47 € exactly (no stamp duty)",
    owesStampDuty: false,
    document: {
      ...invoice,
      progressive: "00002",
      number: "2026/2",
      buyer: parent,
      lines: [{ description: "Lezioni di inglese per Nicolò D'Angelo", quantity: 1, unitPriceCents: 7747 }],
      payment: { method: "card", amountCents: 7747 },
    },
  },
  {
    name: "a person, four lessons (160 €, stamp duty)",
    owesStampDuty: true,
    document: {
      ...invoice,
      progressive: "00003",
      number: "2026/3",
      buyer: parent,
      lines: [{ description: "Lezioni di inglese per Nicolò D'Angelo", quantity: 4, unitPriceCents: 4000 }],
      payment: { method: "bank_transfer", amountCents: 16000, iban, bic: "BPPIITRRXXX" },
    },
  },
  {
    name: "a company with an SdI code",
    owesStampDuty: true,
    document: {
      ...invoice,
      progressive: "00004",
      number: "2026/4",
      buyer: companyWithSdiCode,
      lines: [{ description: "Business English, 10 lezioni per Marco Rossi", quantity: 10, unitPriceCents: 4500 }],
      payment: { method: "bank_transfer", amountCents: 45000, iban, dueOn: "2026-03-31" },
    },
  },
  {
    name: "a company reached by PEC",
    owesStampDuty: true,
    document: {
      ...invoice,
      progressive: "00005",
      number: "2026/5",
      buyer: companyWithPec,
      lines: [{ description: "Corso di inglese per Anna Bianchi", quantity: 6, unitPriceCents: 3800 }],
      payment: { method: "paypal", amountCents: 22800 },
    },
  },
  {
    name: "a multi-line package for a learner with accents and an apostrophe",
    owesStampDuty: true,
    document: {
      ...invoice,
      progressive: "00006",
      number: "2026/6",
      buyer: parent,
      lines: [
        // The typographic apostrophe is what a phone keyboard types; FatturaPA gets the plain one.
        {
          description: "Pacchetto di 6 lezioni di inglese per Nicolò D\u2019Angelo (livello B1)",
          quantity: 1,
          unitPriceCents: 22800,
        },
        { description: "Lezione di gruppo per Nicolò D'Angelo: conversazione", quantity: 2, unitPriceCents: 1500 },
        { description: "Materiale didattico: esercizi e verifiche per la scuola", quantity: 1, unitPriceCents: 1000 },
      ],
      payment: { method: "satispay", amountCents: 26800 },
    },
  },
  {
    name: "a credit note (TD04) for two of the four lessons of 2026/3",
    owesStampDuty: true,
    document: {
      kind: "TD04",
      seller: teacher,
      date: "2026-03-20",
      progressive: "00007",
      number: "2026/7",
      buyer: parent,
      corrects: { number: "2026/3", date: "2026-03-02" },
      lines: [{ description: "Storno di 2 lezioni di inglese per Nicolò D'Angelo", quantity: 2, unitPriceCents: 4000 }],
    },
  },
];
