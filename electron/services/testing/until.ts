/** Test helper: polls `pred` every 10 ms for up to `ms` (a deadline, never a speed goal); its final value. */
export async function until(pred: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return pred();
}
