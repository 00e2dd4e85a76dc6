/** An amount as the API takes it: up to 7 digits and 2 decimals, above zero. */
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** Mantine form rule of an amount field: null, or the key of its message. */
export const amountRule = (value: string) =>
  AMOUNT.test(value.trim()) && Number(value) > 0 ? null : "money:pay.amountInvalid";
