/** A one-shot event a test can wait for: code under test fires it, the test awaits `fired`. */
export interface Signal {
  fire(): void;
  readonly fired: Promise<void>;
}

export function signal(): Signal {
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}
