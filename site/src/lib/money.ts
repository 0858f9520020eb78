// Prices and amounts on screen, the one formatter (SPEC §9: dollars with 2 decimals). The API sends amounts as
// text ("24.5", "24.50"); charts hand numbers. Cents exist only at the API's provider boundaries (api/src/lib/money.ts).

/** "24.5" → "$24.50"; with `wholeDollars`, a whole amount drops its cents ("99.00" → "$99": the promo card, SPEC §2). */
export function formatMoney(amount: string | number, { wholeDollars = false } = {}): string {
  const value = Number(amount);
  return `$${wholeDollars && Number.isInteger(value) ? String(value) : value.toFixed(2)}`;
}
