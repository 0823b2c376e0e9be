const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the probe answers once it answers something (undefined is "not yet"), asked every 50 ms:
 * the worker tests' wait for a job's state, without guessing how long it takes.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`Timed out waiting for ${what}`);
}
