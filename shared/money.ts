// Money is stored in whole cents and travels as euro numbers (the spec's shapes).

export const centsToEuro = (cents: number) => Math.round(cents) / 100;

export const euroToCents = (euro: number) => Math.round(euro * 100);
