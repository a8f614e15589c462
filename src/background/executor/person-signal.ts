/** Word of the person's own input after a run, which a request refused in the meantime may still wait for. */
export function personSignal() {
  let acted = false;
  let waiters: Array<() => void> = [];
  return {
    acted() {
      acted = true;
      waiters.splice(0).forEach((w) => w());
    },
    /** true when the person acted already or does within ms */
    within: (ms: number) =>
      acted
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const done = () => (clearTimeout(timer), resolve(acted));
            const timer = setTimeout(() => ((waiters = waiters.filter((w) => w !== done)), resolve(acted)), ms);
            waiters.push(done);
          }),
  };
}

export type PersonSignal = ReturnType<typeof personSignal>;
