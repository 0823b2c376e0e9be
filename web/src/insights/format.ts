/** Change texts of the Insights figures ('from last month': the previous 30 days). */

const signed = (value: number, digits: number) =>
  `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;

/** A percent figure's change in points; null when either period has no figure. */
export function pointsChangeText(change: number | null): string {
  return change === null ? 'No figure last month' : `${signed(change, 1)} from last month`;
}

/** A count's relative change; null means from nothing to something. */
export function countChangeText(change: number | null): string {
  return change === null ? 'New this month' : `${signed(change, 0)} from last month`;
}
