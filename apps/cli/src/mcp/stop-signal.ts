/**
 * Resolves on the first SIGINT or SIGTERM, with the signal's name; the handlers are removed
 * then (or by `dispose`), so a second Ctrl-C is Node's default again.
 */
export function untilStopSignal(): { stopped: Promise<NodeJS.Signals>; dispose(): void } {
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM"];
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined;
  const dispose = () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    onSignal = (signal) => {
      dispose();
      resolve(signal);
    };
    for (const signal of signals) process.on(signal, onSignal);
  });
  return { stopped, dispose };
}
